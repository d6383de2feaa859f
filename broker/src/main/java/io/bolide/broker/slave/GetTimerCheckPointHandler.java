package io.bolide.broker.slave;

import io.bolide.broker.delay.DelayedDelivery;
import io.bolide.protocol.body.TimerCheckpoint;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

/**
 * GET_TIMER_CHECK_POINT (60): the timer messages' progress as the reference's 56-byte checkpoint,
 * which a slave adopts so that, promoted, it resumes delivery where its master was.
 */
final class GetTimerCheckPointHandler implements RequestHandler {
    private final DelayedDelivery delay;

    GetTimerCheckPointHandler(DelayedDelivery delay) {
        this.delay = delay;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        ByteBuf body = Unpooled.buffer(TimerCheckpoint.SIZE);
        delay.timerCheckpoint().encode(body);
        exchange.respond(ResponseCode.SUCCESS, null, null, body);
    }
}
