package io.bolide.broker.admin;

import io.bolide.broker.table.Bodies;
import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.body.MessageQueue;
import io.bolide.protocol.body.TopicConfig;
import io.bolide.protocol.body.TopicOffset;
import io.bolide.protocol.body.TopicStatsTable;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.TopicRequestHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import io.bolide.store.MessageStore;
import java.util.HashMap;
import java.util.Map;

/** GET_TOPIC_STATS_INFO (202): min and max offset and last store time of each queue of a topic. */
final class GetTopicStatsInfoHandler implements RequestHandler {
    private final TopicTable topics;
    private final MessageStore store;
    private final TrafficSampler traffic;
    private final String brokerName;

    GetTopicStatsInfoHandler(
            TopicTable topics, MessageStore store, TrafficSampler traffic, String brokerName) {
        this.topics = topics;
        this.store = store;
        this.traffic = traffic;
        this.brokerName = brokerName;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        String topic = TopicRequestHeader.decode(request.extFields()).topic();
        TopicConfig config = topics.get(topic);
        if (config == null) {
            exchange.respond(ResponseCode.TOPIC_NOT_EXIST, "topic[" + topic + "] not exist");
            return;
        }
        Map<MessageQueue, TopicOffset> table = new HashMap<>(config.writeQueueNums() * 2);
        for (int queueId = 0; queueId < config.writeQueueNums(); queueId++) {
            table.put(new MessageQueue(topic, brokerName, queueId), offsets(topic, queueId));
        }
        TopicStatsTable stats = new TopicStatsTable(table, traffic.topicPutTps(topic));
        exchange.respond(ResponseCode.SUCCESS, null, null, Bodies.json(stats));
    }

    private TopicOffset offsets(String topic, int queueId) {
        long min = Math.max(0, store.minOffset(topic, queueId));
        long max = Math.max(0, store.maxOffset(topic, queueId));
        long last = max > 0 ? Math.max(0, store.storeTimestamp(topic, queueId, max - 1)) : 0;
        return new TopicOffset(min, max, last);
    }
}
