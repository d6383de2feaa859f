package io.bolide.namesrv;

import io.bolide.protocol.body.KVTable;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.GetKvListByNamespaceRequestHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import java.util.Map;

/** GET_KVLIST_BY_NAMESPACE (219): every setting of a namespace, or QUERY_NOT_FOUND. */
final class KvListHandler implements RequestHandler {
    private final KvConfigTable kv;

    KvListHandler(KvConfigTable kv) {
        this.kv = kv;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        String namespace =
                GetKvListByNamespaceRequestHeader.decode(request.extFields()).namespace();
        Map<String, String> entries = kv.namespace(namespace);
        if (entries == null) {
            exchange.respond(
                    ResponseCode.QUERY_NOT_FOUND, "No config item, Namespace: " + namespace);
            return;
        }
        exchange.respond(ResponseCode.SUCCESS, null, null, JsonBody.of(new KVTable(entries)));
    }
}
