package io.bolide.broker.pop;

import io.bolide.broker.codes.Remarks;
import io.bolide.broker.lite.LiteNames;
import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.body.TopicConfig;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.AckMessageRequestHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * ACK_MESSAGE (200051): the consumer processed one popped message. The receipt handle's pop time
 * must name the message's current delivery; an acknowledgement of an earlier delivery (the message
 * was revived, or its invisible time changed since) changes nothing and is still answered SUCCESS,
 * as the reference answers it.
 */
final class AckMessageHandler implements RequestHandler {
    private static final Logger LOG = LoggerFactory.getLogger(AckMessageHandler.class);
    private final TopicTable topics;
    private final PopBook book;

    AckMessageHandler(TopicTable topics, PopBook book) {
        this.topics = topics;
        this.book = book;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        AckMessageRequestHeader header = AckMessageRequestHeader.decode(request.extFields());
        String problem = check(topics, header.topic(), header.queueId());
        if (problem != null) {
            exchange.respond(problemCode(topics, header.topic()), problem);
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
        boolean acked = book.ack(key, header.offset(), handle.popTime());
        if (LOG.isDebugEnabled()) {
            LOG.debug("ack {} offset {}: {}", key, header.offset(), acked ? "acked" : "stale");
        }
        exchange.respond(ResponseCode.SUCCESS, null);
    }

    /** Why acknowledging on {@code topic} / {@code queueId} is refused, or null. */
    static String check(TopicTable topics, String topic, int queueId) {
        TopicConfig config = topics.get(topic);
        if (config == null) {
            return "topic[" + topic + "] not exist, apply first please! " + Remarks.FAQ;
        }
        if (queueId < 0 || queueId >= config.readQueueNums()) {
            return "queueId[" + queueId + "] is illegal, topic:[" + topic + "]";
        }
        return null;
    }

    static int problemCode(TopicTable topics, String topic) {
        return topics.get(topic) == null
                ? ResponseCode.TOPIC_NOT_EXIST
                : ResponseCode.INVALID_PARAMETER;
    }
}
