package io.bolide.systest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
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
    void shouldServeLogicQueuesAcrossARemappingWithOffsetsRunningOn() throws Exception {
        String topic = "StaticTopicRemapped";
        try (Cluster cluster = new Cluster(1)) {
            cluster.broker("a", "broker-a", b -> {});
            cluster.broker("b", "broker-b", b -> {});
            String ns = cluster.namesrvAddr();
            createStaticTopic(ns, topic, 4);
            DefaultMQAdminExt admin = MasterSlaveGroupTest.admin(ns);
            Inbox inbox = new Inbox();
            DefaultMQPushConsumer consumer = remapConsumer(ns, "remap-cg", topic, inbox);
            try {
                Map<Integer, String> before =
                        assertLayout(admin, topic, 4, Set.of("broker-a", "broker-b"));
                Map<Integer, Long> firstStretch = new HashMap<>();
                long started = System.currentTimeMillis() - 1000;
                List<String> early = sendAll(ns, topic, "early-", 20, firstStretch, before);
                inbox.awaitSeqs(early);
                Clients.await(
                        "offsets committed before the remapping",
                        () -> committed(admin, topic, "remap-cg", firstStretch));
                try {
                    new MqAdmin(ns).run("remappingStaticTopic", "-t", topic, "-b", "broker-b");
                } finally {
                    removeSavedMappings(topic);
                }
                Clients.await(
                        "every logic queue led by broker-b",
                        () ->
                                leaders(admin, topic).size() == 4
                                        && leaders(admin, topic).values().stream()
                                                .allMatch("broker-b"::equals));
                Map<Integer, Long> last = new HashMap<>();
                Map<Integer, String> after = leaders(admin, topic);
                List<String> late = sendAll(ns, topic, "late-", 20, last, after);
                for (Map.Entry<Integer, Long> e : last.entrySet()) {
                    // The new stretch's offsets run on after the old one's (rounded up).
                    assertThat(e.getValue())
                            .isGreaterThan(firstStretch.getOrDefault(e.getKey(), -1L));
                }
                firstStretch.forEach(last::putIfAbsent);
                inbox.awaitSeqs(late);
                Clients.await(
                        "logic offsets committed after the remapping",
                        () -> committedLogic(admin, topic, "remap-cg", last));
                assertExactlyOnce(inbox, early, late);
                // The earliest store time of a moved logic queue is its first stretch's, read
                // from the group that holds it.
                for (int id = 0; id < 4; id++) {
                    assertThat(earliest(admin, topic, id))
                            .isBetween(started, System.currentTimeMillis());
                }

                Inbox fresh = new Inbox();
                DefaultMQPushConsumer second = remapConsumer(ns, "remap-fresh-cg", topic, fresh);
                try {
                    fresh.awaitSeqs(early);
                    fresh.awaitSeqs(late);
                    assertExactlyOnce(fresh, early, late);
                    Clients.await(
                            "the fresh group's logic offsets committed",
                            () -> committedLogic(admin, topic, "remap-fresh-cg", last));
                } finally {
                    second.shutdown();
                }
                TopicStatsTable stats = admin.examineTopicStats(topic);
                // topicStatus: the logic queues (beside the physical ones it also lists) span
                // both stretches, from 0 to one past the last send.
                Map<Integer, String> spans = new HashMap<>();
                Map<Integer, String> expectedSpans = new HashMap<>();
                stats.getOffsetTable()
                        .forEach(
                                (queue, offsets) -> {
                                    if (queue.getBrokerName().startsWith("__syslo__")) {
                                        spans.put(
                                                queue.getQueueId(),
                                                offsets.getMinOffset()
                                                        + ".."
                                                        + offsets.getMaxOffset());
                                    }
                                });
                last.forEach((id, offset) -> expectedSpans.put(id, "0.." + (offset + 1)));
                assertThat(spans).isEqualTo(expectedSpans);
            } finally {
                consumer.shutdown();
                admin.shutdown();
            }
        }
    }

    /** A push consumer of {@code topic} that follows route changes within a second. */
    private static DefaultMQPushConsumer remapConsumer(
            String ns, String group, String topic, Inbox inbox) throws Exception {
        DefaultMQPushConsumer consumer = Clients.pushConsumer(ns, group);
        consumer.setPollNameServerInterval(1000);
        consumer.subscribe(topic, "*");
        consumer.registerMessageListener(inbox);
        consumer.start();
        return consumer;
    }

    /**
     * Sends {@code count} messages with a fresh producer, checking each answer names a logic queue
     * led as {@code leaders} says and that offsets run on per logic queue; {@code last} gets each
     * logic queue's last offset.
     */
    private static List<String> sendAll(
            String ns,
            String topic,
            String prefix,
            int count,
            Map<Integer, Long> last,
            Map<Integer, String> leaders)
            throws Exception {
        DefaultMQProducer producer = Clients.producer(ns, prefix + "pg");
        producer.start();
        try {
            Clients.awaitRoute(producer, topic);
            List<String> seqs = Messages.seqs(prefix, count);
            for (String seq : seqs) {
                SendResult result = producer.send(Messages.message(topic, "TagA", seq));
                assertThat(result.getSendStatus()).isEqualTo(SendStatus.SEND_OK);
                int logic = result.getMessageQueue().getQueueId();
                assertThat(result.getMessageQueue().getBrokerName()).isEqualTo(leaders.get(logic));
                Long before = last.get(logic);
                if (before != null) {
                    assertThat(result.getQueueOffset()).isEqualTo(before + 1);
                }
                last.put(logic, result.getQueueOffset());
            }
            return seqs;
        } finally {
            producer.shutdown();
        }
    }

    private static void assertExactlyOnce(Inbox inbox, List<String> early, List<String> late) {
        List<String> expected = new java.util.ArrayList<>(early);
        expected.addAll(late);
        assertThat(inbox.deliveredSeqs()).containsExactlyInAnyOrderElementsOf(expected);
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

    /**
     * Whether the group's committed offset of each logic queue, as its leader answers
     * QUERY_CONSUMER_OFFSET for the logic queue id (what a consumer reads back), is one past the
     * last send. mqadmin's consumerProgress shows the leader stretch's physical offset instead,
     * against Apache as against Bolide.
     */
    private static boolean committedLogic(
            DefaultMQAdminExt admin, String topic, String group, Map<Integer, Long> last) {
        try {
            Map<Integer, String> leaders = leaders(admin, topic);
            var brokers = admin.examineBrokerClusterInfo().getBrokerAddrTable();
            var api = admin.getDefaultMQAdminExtImpl().getMqClientInstance().getMQClientAPIImpl();
            for (Map.Entry<Integer, Long> e : last.entrySet()) {
                var header =
                        new org.apache.rocketmq.remoting.protocol.header
                                .QueryConsumerOffsetRequestHeader();
                header.setConsumerGroup(group);
                header.setTopic(topic);
                header.setQueueId(e.getKey());
                String leader = brokers.get(leaders.get(e.getKey())).getBrokerAddrs().get(0L);
                if (api.queryConsumerOffset(leader, header, 5_000) != e.getValue() + 1) {
                    return false;
                }
            }
            return true;
        } catch (Exception e) {
            return false;
        }
    }

    /** GET_EARLIEST_MSG_STORETIME of a logic queue, asked of its leader. */
    private static long earliest(DefaultMQAdminExt admin, String topic, int logicId)
            throws Exception {
        String leader = leaders(admin, topic).get(logicId);
        String address =
                admin.examineBrokerClusterInfo()
                        .getBrokerAddrTable()
                        .get(leader)
                        .getBrokerAddrs()
                        .get(0L);
        return admin.getDefaultMQAdminExtImpl()
                .getMqClientInstance()
                .getMQClientAPIImpl()
                .getEarliestMsgStoretime(
                        address, new MessageQueue(topic, "__syslo__global__", logicId), 5_000);
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
