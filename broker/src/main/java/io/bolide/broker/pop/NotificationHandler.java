package io.bolide.broker.pop;

import io.bolide.broker.filter.Subscription;
import io.bolide.broker.filter.TagFilter;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.NotificationRequestHeader;
import io.bolide.protocol.header.NotificationResponseHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;

/**
 * NOTIFICATION (200054): "is there anything for this group to pop here?", answered SUCCESS with
 * {@code hasMsg}. When nothing is there and the request allows polling, it waits in the POP hold
 * beside held pops and is answered {@code hasMsg=true} at the first arrival on the topic (or its
 * POP retry topic), {@code hasMsg=false} when its poll time passes. Takes nothing: the client pops
 * afterwards. As in the reference, filters are not applied (its default) and a queue an orderly
 * consumer still has in flight has nothing to offer.
 */
final class NotificationHandler implements RequestHandler, PopHold.Rerun {
    private static final Subscription ANY =
            new Subscription("", "*", 0, TagFilter.parse("*"), null);

    private final PollChecks checks;
    private final Popper popper;
    private final PopHold hold;

    NotificationHandler(PollChecks checks, Popper popper, PopHold hold) {
        this.checks = checks;
        this.popper = popper;
        this.hold = hold;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        NotificationRequestHeader header = NotificationRequestHeader.decode(request.extFields());
        if (!checks.admit(header.consumerGroup(), header.topic(), header.queueId(), exchange)) {
            return;
        }
        PopRequest wait =
                new PopRequest(
                        new PopRequest.Target(
                                header.consumerGroup(), header.topic(), header.queueId()),
                        0,
                        0,
                        PopRequest.INIT_MIN,
                        Boolean.TRUE.equals(header.order()),
                        ANY,
                        exchange,
                        Math.max(0, header.pollTime()));
        pop(wait, true);
    }

    /** Answers {@code request}, or holds it when nothing is there and it may wait. */
    @Override
    public void pop(PopRequest request, boolean mayHold) {
        boolean news = popper.hasNews(request);
        if (!news && mayHold && request.pollMillis > 0 && hold.hold(request, this)) {
            return;
        }
        request.exchange.respond(
                ResponseCode.SUCCESS, null, new NotificationResponseHeader().hasMsg(news), null);
    }

    @Override
    public boolean hasNews(PopRequest request) {
        return popper.hasNews(request);
    }
}
