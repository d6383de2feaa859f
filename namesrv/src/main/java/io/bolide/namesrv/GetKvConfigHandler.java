package io.bolide.namesrv;

import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.GetKvConfigResponseHeader;
import io.bolide.protocol.header.KvConfigRequestHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;

/**
 * GET_KV_CONFIG (101): one setting. Clients ask {@code ORDER_TOPIC_CONFIG} for a topic before
 * ordered sends; absence is the usual answer, QUERY_NOT_FOUND.
 */
final class GetKvConfigHandler implements RequestHandler {
    private final KvConfigTable kv;

    GetKvConfigHandler(KvConfigTable kv) {
        this.kv = kv;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        KvConfigRequestHeader header = KvConfigRequestHeader.decode(request.extFields());
        String value = kv.get(header.namespace(), header.key());
        if (value == null) {
            exchange.respond(
                    ResponseCode.QUERY_NOT_FOUND,
                    "No config item, Namespace: " + header.namespace() + " Key: " + header.key());
            return;
        }
        exchange.respond(
                ResponseCode.SUCCESS, null, new GetKvConfigResponseHeader().value(value), null);
    }
}
