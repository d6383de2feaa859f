package io.bolide.broker.cold;

import io.bolide.protocol.body.BodyCodec;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import io.netty.buffer.Unpooled;

/** GET_COLD_DATA_FLOW_CTR_INFO (2003): the cold-read counters and thresholds as JSON. */
final class GetColdDataFlowCtrInfoHandler implements RequestHandler {
    private final ColdReads reads;

    GetColdDataFlowCtrInfoHandler(ColdReads reads) {
        this.reads = reads;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        byte[] body = BodyCodec.encode(reads.info());
        exchange.respond(ResponseCode.SUCCESS, null, null, Unpooled.wrappedBuffer(body));
    }
}
