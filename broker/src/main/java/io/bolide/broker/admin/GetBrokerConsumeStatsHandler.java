package io.bolide.broker.admin;

import io.bolide.broker.consumer.ClientRegistry;
import io.bolide.broker.consumer.ConsumerGroup;
import io.bolide.broker.stats.BrokerStats;
import io.bolide.broker.table.Bodies;
import io.bolide.broker.table.ConsumerOffsetTable;
import io.bolide.broker.table.SubscriptionGroupTable;
import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.body.BrokerStatsData;
import io.bolide.protocol.body.ConsumeStats;
import io.bolide.protocol.body.ConsumeStatsList;
import io.bolide.protocol.body.MessageQueue;
import io.bolide.protocol.body.OffsetWrapper;
import io.bolide.protocol.body.TopicConfig;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.GetConsumeStatsInBrokerHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import io.bolide.store.MessageStore;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * GET_BROKER_CONSUME_STATS (317): the consume statistics of every subscription group on every topic
 * it has offsets for (only ordered topics when asked), and the broker's total lag, what mqadmin
 * {@code brokerConsumeStats} and the exporter's lag metrics read.
 */
final class GetBrokerConsumeStatsHandler implements RequestHandler {
    private final TopicTable topics;
    private final ConsumerOffsetTable offsets;
    private final SubscriptionGroupTable groups;
    private final ClientRegistry clients;
    private final MessageStore store;
    private final BrokerStats stats;
    private final String brokerName;
    private final String brokerAddress;

    GetBrokerConsumeStatsHandler(Tables tables, MessageStore store, BrokerStats stats) {
        this.topics = tables.topics();
        this.offsets = tables.offsets();
        this.groups = tables.groups();
        this.clients = tables.clients();
        this.store = store;
        this.stats = stats;
        this.brokerName = tables.brokerName();
        this.brokerAddress = tables.brokerAddress();
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        boolean orderOnly = GetConsumeStatsInBrokerHeader.decode(request.extFields()).isOrder();
        List<Map<String, List<ConsumeStats>>> list = new ArrayList<>();
        long totalDiff = 0;
        for (String group : groups.snapshot().subscriptionGroupTable().keySet()) {
            List<ConsumeStats> perTopic = new ArrayList<>();
            for (String topic : offsets.topicsOf(group)) {
                TopicConfig config = topics.get(topic);
                if (config == null || (orderOnly && !config.order()) || !consumes(group, topic)) {
                    continue;
                }
                ConsumeStats consumeStats = consumeStats(group, config);
                for (OffsetWrapper w : consumeStats.offsetTable().values()) {
                    totalDiff += w.brokerOffset() - w.consumerOffset();
                }
                perTopic.add(consumeStats);
            }
            if (!perTopic.isEmpty()) {
                list.add(Map.of(group, perTopic));
            }
        }
        ConsumeStatsList body = new ConsumeStatsList(list, brokerAddress, totalDiff, 0);
        exchange.respond(ResponseCode.SUCCESS, null, null, Bodies.json(body));
    }

    /** An online group no longer subscribed to a topic it has old offsets for is left out. */
    private boolean consumes(String group, String topic) {
        ConsumerGroup online = clients.consumerGroup(group);
        return online == null
                || online.subscriptions().isEmpty()
                || online.subscription(topic) != null;
    }

    private ConsumeStats consumeStats(String group, TopicConfig config) {
        String topic = config.topicName();
        Map<MessageQueue, OffsetWrapper> table = new HashMap<>();
        for (int queueId = 0; queueId < config.writeQueueNums(); queueId++) {
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
        BrokerStatsData gets = stats.view(BrokerStats.GROUP_GET_NUMS, topic + "@" + group);
        return new ConsumeStats(table, gets == null ? 0 : gets.statsMinute().tps());
    }
}
