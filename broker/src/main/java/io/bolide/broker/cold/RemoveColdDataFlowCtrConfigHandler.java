package io.bolide.broker.cold;

import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import java.nio.charset.StandardCharsets;

/**
 * REMOVE_COLD_DATA_FLOW_CTR_CONFIG (2002): the body names a consumer group whose own cold-read
 * threshold goes; {@code cgColdReadThreshold} applies to it again. No body changes nothing.
 */
final class RemoveColdDataFlowCtrConfigHandler implements RequestHandler {
    private final ColdReads reads;

    RemoveColdDataFlowCtrConfigHandler(ColdReads reads) {
        this.reads = reads;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        if (request.bodyLength() > 0) {
            reads.remove(request.body().toString(StandardCharsets.UTF_8).trim());
        }
        exchange.respond(ResponseCode.SUCCESS, null);
    }
}
