package io.bolide.broker.admin;

import io.bolide.broker.table.Bodies;
import io.bolide.broker.table.ConsumerOffsetTable;
import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.body.MessageQueue;
import io.bolide.protocol.body.QueryConsumeTimeSpanBody;
import io.bolide.protocol.body.QueueTimeSpan;
import io.bolide.protocol.body.TopicConfig;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.QueryConsumeTimeSpanRequestHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import io.bolide.store.MessageStore;
import java.util.ArrayList;
import java.util.List;

/**
 * QUERY_CONSUME_TIME_SPAN (303): for each write queue of a topic, the store times of its oldest and
 * newest messages and of the last one the group consumed, and how long the group's next message has
 * waited (0 when it is caught up).
 */
final class QueryConsumeTimeSpanHandler implements RequestHandler {
    private final TopicTable topics;
    private final ConsumerOffsetTable offsets;
    private final MessageStore store;
    private final String brokerName;

    QueryConsumeTimeSpanHandler(
            TopicTable topics, ConsumerOffsetTable offsets, MessageStore store, String brokerName) {
        this.topics = topics;
        this.offsets = offsets;
        this.store = store;
        this.brokerName = brokerName;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        QueryConsumeTimeSpanRequestHeader header =
                QueryConsumeTimeSpanRequestHeader.decode(request.extFields());
        TopicConfig topic = topics.get(header.topic());
        if (topic == null) {
            exchange.respond(
                    ResponseCode.TOPIC_NOT_EXIST, "topic[" + header.topic() + "] not exist");
            return;
        }
        List<QueueTimeSpan> spans = new ArrayList<>();
        for (int queueId = 0; queueId < topic.writeQueueNums(); queueId++) {
            spans.add(span(topic.topicName(), queueId, header.group()));
        }
        exchange.respond(
                ResponseCode.SUCCESS, null, null, Bodies.json(new QueryConsumeTimeSpanBody(spans)));
    }

    private QueueTimeSpan span(String topic, int queueId, String group) {
        long min = store.storeTimestamp(topic, queueId, store.minOffset(topic, queueId));
        long max = store.maxOffset(topic, queueId);
        long newest = store.storeTimestamp(topic, queueId, max - 1);
        long consumed = offsets.query(group, topic, queueId);
        long consumedTime = consumed > 0 ? store.storeTimestamp(topic, queueId, consumed - 1) : 0;
        long delay = 0;
        if (consumed >= 0 && consumed < max) {
            long next = store.storeTimestamp(topic, queueId, consumed);
            delay = next > 0 ? System.currentTimeMillis() - next : 0;
        }
        return new QueueTimeSpan(
                new MessageQueue(topic, brokerName, queueId),
                Math.max(0, min),
                Math.max(0, newest),
                Math.max(0, consumedTime),
                delay);
    }
}
