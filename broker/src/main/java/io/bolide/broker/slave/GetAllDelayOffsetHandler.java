package io.bolide.broker.slave;

import io.bolide.broker.delay.DelayedDelivery;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;

/**
 * GET_ALL_DELAY_OFFSET (45): the delay levels' progress as the text of the reference's {@code
 * delayOffset.json}, which a slave writes to its own file as it is.
 */
final class GetAllDelayOffsetHandler implements RequestHandler {
    private final DelayedDelivery delay;

    GetAllDelayOffsetHandler(DelayedDelivery delay) {
        this.delay = delay;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        byte[] body = delay.progress().getBytes(StandardCharsets.UTF_8);
        exchange.respond(ResponseCode.SUCCESS, null, null, Unpooled.wrappedBuffer(body));
    }
}
