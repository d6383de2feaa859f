package io.bolide.broker.admin;

import io.bolide.broker.consumer.ClientRegistry;
import io.bolide.broker.consumer.ConsumerGroup;
import io.bolide.broker.table.Bodies;
import io.bolide.broker.table.ConsumerOffsetTable;
import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.body.ConsumeStats;
import io.bolide.protocol.body.MessageQueue;
import io.bolide.protocol.body.OffsetWrapper;
import io.bolide.protocol.body.TopicConfig;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.GetConsumeStatsRequestHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import io.bolide.store.MessageStore;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * GET_CONSUME_STATS (208): a group's progress on each queue of the topics it consumes (the one
 * named, the {@code ;}-list named, or every topic it has offsets for): the queue's max offset, the
 * group's committed offset and the store time of the last message it consumed. Lag is the
 * difference of the first two, which the admin tool computes.
 */
final class GetConsumeStatsHandler implements RequestHandler {
    private final TopicTable topics;
    private final ConsumerOffsetTable offsets;
    private final ClientRegistry clients;
    private final MessageStore store;
    private final TrafficSampler traffic;
    private final String brokerName;

    GetConsumeStatsHandler(
            TopicTable topics,
            ConsumerOffsetTable offsets,
            ClientRegistry clients,
            MessageStore store,
            TrafficSampler traffic,
            String brokerName) {
        this.topics = topics;
        this.offsets = offsets;
        this.clients = clients;
        this.store = store;
        this.traffic = traffic;
        this.brokerName = brokerName;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        GetConsumeStatsRequestHeader header =
                GetConsumeStatsRequestHeader.decode(request.extFields());
        String group = header.consumerGroup();
        Map<MessageQueue, OffsetWrapper> table = new HashMap<>();
        for (String topic : topicsOf(header)) {
            TopicConfig config = topics.get(topic);
            if (config != null && consumes(group, topic)) {
                addQueues(table, group, config);
            }
        }
        ConsumeStats stats = new ConsumeStats(table, traffic.groupConsumeTps(group));
        exchange.respond(ResponseCode.SUCCESS, null, null, Bodies.json(stats));
    }

    private Set<String> topicsOf(GetConsumeStatsRequestHeader header) {
        Set<String> named = new LinkedHashSet<>();
        if (header.topic() != null && !header.topic().isBlank()) {
            named.add(header.topic());
        }
        if (header.topicList() != null) {
            for (String topic : header.topicList().split(";")) {
                if (!topic.isBlank()) {
                    named.add(topic.trim());
                }
            }
        }
        return named.isEmpty() ? offsets.topicsOf(header.consumerGroup()) : named;
    }

    /** An online group no longer subscribed to a topic it has old offsets for is left out. */
    private boolean consumes(String group, String topic) {
        ConsumerGroup online = clients.consumerGroup(group);
        if (online == null || online.subscriptions().isEmpty()) {
            return true;
        }
        return online.subscription(topic) != null;
    }

    private void addQueues(Map<MessageQueue, OffsetWrapper> table, String group, TopicConfig c) {
        String topic = c.topicName();
        for (int queueId = 0; queueId < c.writeQueueNums(); queueId++) {
            long brokerOffset = Math.max(0, store.maxOffset(topic, queueId));
            long consumerOffset = Math.max(0, offsets.query(group, topic, queueId));
            long last =
                    consumerOffset > 0
                            ? Math.max(0, store.storeTimestamp(topic, queueId, consumerOffset - 1))
                            : 0;
            table.put(
                    new MessageQueue(topic, brokerName, queueId),
                    new OffsetWrapper(brokerOffset, consumerOffset, consumerOffset, last));
        }
    }
}
