package io.bolide.systest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.File;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.remoting.protocol.admin.ConsumeStats;
import org.apache.rocketmq.remoting.protocol.admin.TopicStatsTable;
import org.apache.rocketmq.remoting.protocol.route.TopicRouteData;
import org.apache.rocketmq.remoting.protocol.statictopic.LogicQueueMappingItem;
import org.apache.rocketmq.remoting.protocol.statictopic.TopicConfigAndQueueMapping;
import org.apache.rocketmq.remoting.protocol.statictopic.TopicQueueMappingInfo;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.apache.rocketmq.tools.admin.MQAdminUtils;
import org.junit.jupiter.api.Test;

/**
 * Static topics (#38) across two Bolide broker groups, made by the official mqadmin 5.5.0's
 * updateStaticTopic: each group stores its part of the mapping and registers it, so the route, the
 * brokers' topic configs and topicStatus agree on four logic queues spread over both groups.
 */
class StaticTopicTest {
    static final String TOPIC = "StaticTopicTwoGroups";

    @Test
    void shouldCreateAStaticTopicOverTwoGroupsAndReadItBack() throws Exception {
        try (Cluster cluster = new Cluster(1)) {
            cluster.broker("a", "broker-a", b -> {});
            cluster.broker("b", "broker-b", b -> {});
            createStaticTopic(cluster.namesrvAddr(), TOPIC, 4);
            DefaultMQAdminExt admin = MasterSlaveGroupTest.admin(cluster.namesrvAddr());
            try {
                assertLayout(admin, TOPIC, 4, Set.of("broker-a", "broker-b"));
                TopicStatsTable stats = admin.examineTopicStats(TOPIC);
                Set<Integer> logicIds = new TreeSet<>();
                for (MessageQueue queue : stats.getOffsetTable().keySet()) {
                    logicIds.add(queue.getQueueId());
                }
                assertThat(logicIds).containsExactly(0, 1, 2, 3);
            } finally {
                admin.shutdown();
            }
            String status = new MqAdmin(cluster.namesrvAddr()).run("topicStatus", "-t", TOPIC);
            assertThat(status).contains("__syslo__");
        }
    }

    @Test
    void shouldSendToAndConsumeFromLogicQueuesWithTheOfficialClient() throws Exception {
        String topic = "StaticTopicTraffic";
        try (Cluster cluster = new Cluster(1)) {
            cluster.broker("a", "broker-a", b -> {});
            cluster.broker("b", "broker-b", b -> {});
            createStaticTopic(cluster.namesrvAddr(), topic, 4);
            DefaultMQAdminExt admin = MasterSlaveGroupTest.admin(cluster.namesrvAddr());
            Map<Integer, String> leaders =
                    assertLayout(admin, topic, 4, Set.of("broker-a", "broker-b"));
            DefaultMQProducer producer = Clients.producer(cluster.namesrvAddr(), "static-pg");
            producer.start();
            Inbox inbox = new Inbox();
            DefaultMQPushConsumer consumer =
                    Clients.pushConsumer(cluster.namesrvAddr(), "static-cg");
            consumer.subscribe(topic, "*");
            consumer.registerMessageListener(inbox);
            consumer.start();
            try {
                Clients.awaitRoute(producer, topic);
                List<String> seqs = Messages.seqs("static-", 24);
                Map<Integer, Long> lastOffset = new HashMap<>();
                for (String seq : seqs) {
                    SendResult result = producer.send(Messages.message(topic, "TagA", seq));
                    assertThat(result.getSendStatus()).isEqualTo(SendStatus.SEND_OK);
                    MessageQueue queue = result.getMessageQueue();
                    // The answer names the logic queue (each group has physical queues 0 and 1
                    // only) and its leader; offsets run on per logic queue.
                    assertThat(queue.getQueueId()).isBetween(0, 3);
                    assertThat(queue.getBrokerName()).isEqualTo(leaders.get(queue.getQueueId()));
                    long before = lastOffset.getOrDefault(queue.getQueueId(), -1L);
                    assertThat(result.getQueueOffset()).isEqualTo(before + 1);
                    lastOffset.put(queue.getQueueId(), result.getQueueOffset());
                }
                assertThat(lastOffset.keySet()).containsExactlyInAnyOrder(0, 1, 2, 3);
                inbox.awaitSeqs(seqs);
                Clients.await(
                        "logic offsets committed",
                        () -> committed(admin, topic, "static-cg", lastOffset));
            } finally {
                consumer.shutdown();
                producer.shutdown();
                admin.shutdown();
            }
        }
    }

    @Test
    void shouldAcceptARemappingAndRefuseTheMovedLogicQueuesWithTheReason() throws Exception {
        String topic = "StaticTopicRemapped";
        try (Cluster cluster = new Cluster(1)) {
            cluster.broker("a", "broker-a", b -> {});
            cluster.broker("b", "broker-b", b -> {});
            createStaticTopic(cluster.namesrvAddr(), topic, 4);
            DefaultMQAdminExt admin = MasterSlaveGroupTest.admin(cluster.namesrvAddr());
            Map<Integer, String> before;
            try {
                before = assertLayout(admin, topic, 4, Set.of("broker-a", "broker-b"));
                try {
                    new MqAdmin(cluster.namesrvAddr())
                            .run("remappingStaticTopic", "-t", topic, "-b", "broker-a");
                } finally {
                    removeSavedMappings(topic);
                }
                Clients.await(
                        "every logic queue led by broker-a",
                        () ->
                                leaders(admin, topic).values().stream().allMatch("broker-a"::equals)
                                        && leaders(admin, topic).size() == 4);
            } finally {
                admin.shutdown();
            }
            DefaultMQProducer producer = Clients.producer(cluster.namesrvAddr(), "remap-pg");
            producer.start();
            try {
                Clients.awaitRoute(producer, topic);
                for (MessageQueue queue : producer.fetchPublishMessageQueues(topic)) {
                    Message message =
                            Messages.message(topic, "TagA", "remap-" + queue.getQueueId());
                    if ("broker-a".equals(before.get(queue.getQueueId()))) {
                        assertThat(producer.send(message, queue).getSendStatus())
                                .isEqualTo(SendStatus.SEND_OK);
                    } else {
                        assertThatThrownBy(() -> producer.send(message, queue))
                                .isInstanceOfSatisfying(
                                        MQBrokerException.class,
                                        e -> {
                                            assertThat(e.getResponseCode()).isEqualTo(501);
                                            assertThat(e.getErrorMessage())
                                                    .contains("was remapped");
                                        });
                    }
                }
            } finally {
                producer.shutdown();
            }
        }
    }

    /** Each logic queue's leader as the route gives it; empty while there is no route. */
    private static Map<Integer, String> leaders(DefaultMQAdminExt admin, String topic) {
        Map<Integer, String> leaders = new HashMap<>();
        try {
            admin.examineTopicRouteInfo(topic)
                    .getTopicQueueMappingByBroker()
                    .forEach(
                            (broker, info) ->
                                    info.getCurrIdMap()
                                            .keySet()
                                            .forEach(id -> leaders.put(id, broker)));
        } catch (Exception e) {
            return Map.of();
        }
        return leaders;
    }

    /** Whether the group's committed logic offsets reached one past each last send. */
    private static boolean committed(
            DefaultMQAdminExt admin, String topic, String group, Map<Integer, Long> last) {
        try {
            ConsumeStats stats = admin.examineConsumeStats(group, topic);
            Map<Integer, Long> byLogicQueue = new HashMap<>();
            stats.getOffsetTable()
                    .forEach((q, w) -> byLogicQueue.put(q.getQueueId(), w.getConsumerOffset()));
            for (Map.Entry<Integer, Long> e : last.entrySet()) {
                if (byLogicQueue.getOrDefault(e.getKey(), -1L) != e.getValue() + 1) {
                    return false;
                }
            }
            return true;
        } catch (Exception e) {
            return false;
        }
    }

    /** Runs mqadmin's updateStaticTopic and removes the mapping backups it leaves in tmp. */
    static void createStaticTopic(String namesrvAddr, String topic, int queues) {
        try {
            new MqAdmin(namesrvAddr)
                    .run(
                            "updateStaticTopic",
                            "-c",
                            "DefaultCluster",
                            "-t",
                            topic,
                            "-qn",
                            "" + queues);
        } finally {
            removeSavedMappings(topic);
        }
    }

    /**
     * Checks the layout as the route and each broker's topic config give it: {@code queues} logic
     * queues, each led by exactly one of {@code brokers}, every broker leading some, all under one
     * epoch. Returns each logic queue's leader.
     */
    static Map<Integer, String> assertLayout(
            DefaultMQAdminExt admin, String topic, int queues, Set<String> brokers)
            throws Exception {
        TopicRouteData route = admin.examineTopicRouteInfo(topic);
        Map<String, TopicQueueMappingInfo> infos = route.getTopicQueueMappingByBroker();
        assertThat(infos).isNotNull();
        assertThat(infos.keySet()).containsExactlyInAnyOrderElementsOf(brokers);
        Map<Integer, String> leaders = new HashMap<>();
        Set<Long> epochs = new HashSet<>();
        for (Map.Entry<String, TopicQueueMappingInfo> e : infos.entrySet()) {
            TopicQueueMappingInfo info = e.getValue();
            assertThat(info.getBname()).isEqualTo(e.getKey());
            assertThat(info.getTotalQueues()).isEqualTo(queues);
            assertThat(info.getTopic()).isEqualTo(topic);
            epochs.add(info.getEpoch());
            info.getCurrIdMap().keySet().forEach(id -> leaders.put(id, e.getKey()));
        }
        assertThat(epochs).hasSize(1);
        assertThat(new TreeSet<>(leaders.keySet())).hasSize(queues);
        Map<String, TopicConfigAndQueueMapping> configs =
                MQAdminUtils.examineTopicConfigAll(topic, admin);
        assertThat(configs.keySet()).containsExactlyInAnyOrderElementsOf(brokers);
        for (Map.Entry<String, TopicConfigAndQueueMapping> e : configs.entrySet()) {
            var detail = e.getValue().getMappingDetail();
            assertThat(detail.getBname()).isEqualTo(e.getKey());
            assertThat(detail.getEpoch()).isEqualTo(epochs.iterator().next());
            for (Map.Entry<Integer, List<LogicQueueMappingItem>> hosted :
                    detail.getHostedQueues().entrySet()) {
                List<LogicQueueMappingItem> items = hosted.getValue();
                LogicQueueMappingItem leader = items.get(items.size() - 1);
                if (leader.getBname().equals(e.getKey())) {
                    assertThat(leaders.get(hosted.getKey())).isEqualTo(e.getKey());
                }
            }
        }
        return leaders;
    }

    /** updateStaticTopic saves the mapping it read to the temporary directory before it sends. */
    static void removeSavedMappings(String topic) {
        File[] saved =
                new File(System.getProperty("java.io.tmpdir"))
                        .listFiles((d, name) -> name.startsWith(topic + "-"));
        if (saved != null) {
            for (File file : saved) {
                file.delete();
            }
        }
    }
}
