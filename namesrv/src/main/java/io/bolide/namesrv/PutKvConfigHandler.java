package io.bolide.namesrv;

import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.PutKvConfigRequestHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;

/** PUT_KV_CONFIG (100): sets one setting (admin tools). */
final class PutKvConfigHandler implements RequestHandler {
    private final KvConfigTable kv;

    PutKvConfigHandler(KvConfigTable kv) {
        this.kv = kv;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        PutKvConfigRequestHeader header = PutKvConfigRequestHeader.decode(request.extFields());
        kv.put(header.namespace(), header.key(), header.value());
        exchange.respond(ResponseCode.SUCCESS, null);
    }
}
