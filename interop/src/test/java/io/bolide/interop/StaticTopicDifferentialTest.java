package io.bolide.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.testsupport.Await;
import io.bolide.testsupport.ToolShutdown;
import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.rocketmq.remoting.protocol.route.QueueData;
import org.apache.rocketmq.remoting.protocol.route.TopicRouteData;
import org.apache.rocketmq.remoting.protocol.statictopic.LogicQueueMappingItem;
import org.apache.rocketmq.remoting.protocol.statictopic.TopicConfigAndQueueMapping;
import org.apache.rocketmq.remoting.protocol.statictopic.TopicQueueMappingDetail;
import org.apache.rocketmq.remoting.protocol.statictopic.TopicQueueMappingInfo;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.apache.rocketmq.tools.admin.MQAdminUtils;
import org.apache.rocketmq.tools.command.MQAdminStartup;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * mqadmin 5.5.0's updateStaticTopic against one Apache RocketMQ 5.5.0 broker group and one Bolide
 * group (#38): the route's mapping info, the route's queues and the broker's topic config with its
 * mapping detail read back the same, the epoch (the tool's clock) masked.
 */
class StaticTopicDifferentialTest {
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final String TOPIC = "StaticTopicDiff";

    @TempDir Path dir;

    @Test
    void shouldReadBackTheSameMappingAsApache() throws Exception {
        List<String> reference = Standalone.onApache(dir, StaticTopicDifferentialTest::scenario);
        List<String> ours = Standalone.onBolide(StaticTopicDifferentialTest::scenario);
        assertThat(ours).isNotEmpty().isEqualTo(reference);
    }

    private static List<String> scenario(String ns, String brokerAddress) throws Exception {
        DefaultMQAdminExt admin = new DefaultMQAdminExt(10_000);
        admin.setNamesrvAddr(ns);
        admin.setInstanceName("static-diff-" + System.nanoTime());
        admin.start();
        try {
            Await.until(
                    WAIT,
                    () -> listed(admin, brokerAddress),
                    "the broker listed by the name server");
            updateStaticTopic(ns);
            Await.until(WAIT, () -> mapped(admin), "the mapping in the route");
            List<String> seen = new ArrayList<>();
            TopicRouteData route = admin.examineTopicRouteInfo(TOPIC);
            for (QueueData q : route.getQueueDatas()) {
                seen.add(
                        "queues "
                                + q.getBrokerName()
                                + " r="
                                + q.getReadQueueNums()
                                + " w="
                                + q.getWriteQueueNums()
                                + " perm="
                                + q.getPerm());
            }
            new TreeMap<>(route.getTopicQueueMappingByBroker())
                    .forEach((name, info) -> seen.add("route " + name + " " + info(info)));
            Map<String, TopicConfigAndQueueMapping> configs =
                    MQAdminUtils.examineTopicConfigAll(TOPIC, admin);
            for (Map.Entry<String, TopicConfigAndQueueMapping> e :
                    new TreeMap<>(configs).entrySet()) {
                TopicConfigAndQueueMapping config = e.getValue();
                seen.add(
                        "config "
                                + e.getKey()
                                + " r="
                                + config.getReadQueueNums()
                                + " w="
                                + config.getWriteQueueNums()
                                + " perm="
                                + config.getPerm());
                TopicQueueMappingDetail detail = config.getMappingDetail();
                seen.add("detail " + info(detail));
                new TreeMap<>(detail.getHostedQueues())
                        .forEach((id, items) -> seen.add("hosted " + id + " " + items(items)));
            }
            return seen;
        } finally {
            ToolShutdown.run(admin::shutdown);
        }
    }

    private static boolean listed(DefaultMQAdminExt admin, String brokerAddress) {
        try {
            return admin.examineBrokerClusterInfo().getBrokerAddrTable().values().stream()
                    .anyMatch(b -> b.getBrokerAddrs().containsValue(brokerAddress));
        } catch (Exception e) {
            return false;
        }
    }

    private static boolean mapped(DefaultMQAdminExt admin) {
        try {
            Map<String, TopicQueueMappingInfo> infos =
                    admin.examineTopicRouteInfo(TOPIC).getTopicQueueMappingByBroker();
            return infos != null && !infos.isEmpty();
        } catch (Exception e) {
            return false;
        }
    }

    private static String info(TopicQueueMappingInfo info) {
        return "topic="
                + info.getTopic()
                + " scope="
                + info.getScope()
                + " total="
                + info.getTotalQueues()
                + " bname="
                + info.getBname()
                + " dirty="
                + info.isDirty()
                + " epochSet="
                + (info.getEpoch() > 0)
                + " currIdMap="
                + (info.getCurrIdMap() == null ? null : new TreeMap<>(info.getCurrIdMap()));
    }

    private static String items(List<LogicQueueMappingItem> items) {
        List<String> out = new ArrayList<>();
        for (LogicQueueMappingItem i : items) {
            out.add(
                    "gen="
                            + i.getGen()
                            + " qid="
                            + i.getQueueId()
                            + " bname="
                            + i.getBname()
                            + " logic="
                            + i.getLogicOffset()
                            + " start="
                            + i.getStartOffset()
                            + " end="
                            + i.getEndOffset()
                            + " tStart="
                            + i.getTimeOfStart()
                            + " tEnd="
                            + i.getTimeOfEnd());
        }
        return out.toString();
    }

    /**
     * Runs the official tool in this JVM, removing the mapping backups it leaves in tmp; its
     * client's shutdown wait is cut short ({@link ToolShutdown}).
     */
    private static synchronized void updateStaticTopic(String ns) {
        String previous = System.getProperty("rocketmq.namesrv.addr");
        String version = System.getProperty("rocketmq.remoting.version");
        try {
            ToolShutdown.run(
                    () -> {
                        MQAdminStartup.main0(
                                new String[] {
                                    "updateStaticTopic",
                                    "-c",
                                    "DefaultCluster",
                                    "-t",
                                    TOPIC,
                                    "-qn",
                                    "4",
                                    "-n",
                                    ns
                                },
                                null);
                    });
        } catch (Exception e) {
            throw new IllegalStateException("mqadmin updateStaticTopic", e);
        } finally {
            if (previous == null) {
                System.clearProperty("rocketmq.namesrv.addr");
            } else {
                System.setProperty("rocketmq.namesrv.addr", previous);
            }
            if (version == null) {
                System.clearProperty("rocketmq.remoting.version");
            } else {
                System.setProperty("rocketmq.remoting.version", version);
            }
            File[] saved =
                    new File(System.getProperty("java.io.tmpdir"))
                            .listFiles((d, name) -> name.startsWith(TOPIC + "-"));
            if (saved != null) {
                for (File file : saved) {
                    file.delete();
                }
            }
        }
    }
}
