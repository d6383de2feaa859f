package io.bolide.broker.slave;

import io.bolide.broker.delay.DelayedDelivery;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;

/** GET_TIMER_METRICS (61): the text of the reference's {@code timermetrics} file. */
final class GetTimerMetricsHandler implements RequestHandler {
    private final DelayedDelivery delay;

    GetTimerMetricsHandler(DelayedDelivery delay) {
        this.delay = delay;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        byte[] body = delay.timerMetrics().getBytes(StandardCharsets.UTF_8);
        exchange.respond(ResponseCode.SUCCESS, null, null, Unpooled.wrappedBuffer(body));
    }
}
