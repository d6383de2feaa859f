package io.bolide.namesrv;

import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.KvConfigRequestHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;

/** DELETE_KV_CONFIG (102): removes one setting; removing an absent one succeeds. */
final class DeleteKvConfigHandler implements RequestHandler {
    private final KvConfigTable kv;

    DeleteKvConfigHandler(KvConfigTable kv) {
        this.kv = kv;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        KvConfigRequestHeader header = KvConfigRequestHeader.decode(request.extFields());
        kv.delete(header.namespace(), header.key());
        exchange.respond(ResponseCode.SUCCESS, null);
    }
}
