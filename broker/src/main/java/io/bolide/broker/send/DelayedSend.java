package io.bolide.broker.send;

import io.bolide.broker.delay.DelayRoute;
import io.bolide.broker.delay.DelayRouter;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.header.SendMessageRequestHeader;
import io.bolide.remoting.Exchange;

/**
 * The send path's delay step: asks the {@link DelayRouter} where a message with {@code DELAY} or
 * {@code TIMER_*} properties is stored, and refuses it as the reference does (MESSAGE_ILLEGAL with
 * its remark) when a timer delay is out of bounds.
 */
final class DelayedSend {
    private final DelayRouter router;

    DelayedSend(DelayRouter router) {
        this.router = router;
    }

    /** The route of the message, or null after refusing it. */
    DelayRoute route(SendMessageRequestHeader header, int queueId, Exchange exchange) {
        DelayRoute route =
                router.route(
                        header.properties(),
                        header.topic(),
                        queueId,
                        header.sysFlag(),
                        System.currentTimeMillis());
        if (route.isRefused()) {
            exchange.respond(ResponseCode.MESSAGE_ILLEGAL, route.refusal());
            return null;
        }
        return route;
    }
}
