package io.bolide.systest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.rocketmq.common.message.MessageQueue;
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
