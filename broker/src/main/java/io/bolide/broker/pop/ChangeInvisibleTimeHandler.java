package io.bolide.broker.pop;

import io.bolide.broker.lite.LiteNames;
import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.ChangeInvisibleTimeRequestHeader;
import io.bolide.protocol.header.ChangeInvisibleTimeResponseHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * CHANGE_MESSAGE_INVISIBLETIME (200053): a popped message becomes visible again {@code
 * invisibleTime} ms from now instead of at its old deadline (a consumer that needs longer, or a
 * push consumer's back-off after a failure). The answer carries the new delivery's pop time, from
 * which the client builds the message's new receipt handle; the old handle no longer acknowledges.
 */
final class ChangeInvisibleTimeHandler implements RequestHandler {
    private static final Logger LOG = LoggerFactory.getLogger(ChangeInvisibleTimeHandler.class);
    private final TopicTable topics;
    private final PopBook book;

    ChangeInvisibleTimeHandler(TopicTable topics, PopBook book) {
        this.topics = topics;
        this.book = book;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        ChangeInvisibleTimeRequestHeader header =
                ChangeInvisibleTimeRequestHeader.decode(request.extFields());
        String problem = AckMessageHandler.check(topics, header.topic(), header.queueId());
        if (problem != null) {
            exchange.respond(AckMessageHandler.problemCode(topics, header.topic()), problem);
            return;
        }
        ReceiptHandle handle;
        try {
            handle = ReceiptHandle.parse(header.extraInfo());
        } catch (IllegalArgumentException e) {
            exchange.respond(ResponseCode.INVALID_PARAMETER, e.getMessage());
            return;
        }
        // A lite topic's message (#34) is in the lite topic's own queue, queue 0 of its name.
        String lite = header.liteTopic();
        QueueKey key =
                lite == null || lite.isEmpty()
                        ? new QueueKey(header.consumerGroup(), header.topic(), header.queueId())
                        : new QueueKey(
                                header.consumerGroup(),
                                LiteNames.queueName(header.topic(), lite),
                                0);
        long invisible = Math.max(0, header.invisibleTime());
        long popTime = book.change(key, header.offset(), handle.popTime(), invisible);
        if (LOG.isDebugEnabled()) {
            LOG.debug("change {} offset {} by {} ms: {}", key, header.offset(), invisible, popTime);
        }
        if (popTime < 0) {
            // No longer in that delivery (acknowledged or revived): nothing to change; answered
            // as the reference answers, with a handle that acknowledges nothing.
            popTime = book.now();
        }
        ChangeInvisibleTimeResponseHeader answer =
                new ChangeInvisibleTimeResponseHeader()
                        .popTime(popTime)
                        .invisibleTime(invisible)
                        .reviveQid(handle.reviveQid());
        exchange.respond(ResponseCode.SUCCESS, null, answer, null);
    }
}
