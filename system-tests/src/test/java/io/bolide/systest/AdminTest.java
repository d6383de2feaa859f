package io.bolide.systest;

import static io.bolide.systest.Messages.message;
import static io.bolide.systest.Messages.seqs;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bolide.embedded.BolideExtension;
import io.bolide.embedded.EmbeddedBolide;
import io.bolide.testsupport.ClientVersionDependent;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.remoting.protocol.admin.ConsumeStats;
import org.apache.rocketmq.remoting.protocol.admin.TopicOffset;
import org.apache.rocketmq.remoting.protocol.admin.TopicStatsTable;
import org.apache.rocketmq.remoting.protocol.body.ClusterInfo;
import org.apache.rocketmq.remoting.protocol.body.Connection;
import org.apache.rocketmq.remoting.protocol.body.ConsumerConnection;
import org.apache.rocketmq.remoting.protocol.body.ConsumerRunningInfo;
import org.apache.rocketmq.remoting.protocol.body.KVTable;
import org.apache.rocketmq.remoting.protocol.body.ProducerConnection;
import org.apache.rocketmq.remoting.protocol.subscription.SubscriptionGroupConfig;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.apache.rocketmq.tools.command.MQAdminStartup;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The admin plane as the official 5.4.0 {@code DefaultMQAdminExt} (the class behind mqadmin and the
 * dashboard) drives it: topics, subscription groups, consume stats, connection lists, runtime info,
 * broker config, cluster list, reset offset by time with the broker-to-client callback, and
 * consumer running info relayed from the client.
 */
@ExtendWith(BolideExtension.class)
@ClientVersionDependent
class AdminTest {
    private static final AtomicInteger INSTANCES = new AtomicInteger();

    /** A reset push consumer sleeps 10 s, then waits for its next rebalance (up to 20 s). */
    private static final Duration RESET_DEADLINE = Duration.ofSeconds(60);

    private DefaultMQAdminExt admin;
    private String brokerAddress;

    @BeforeEach
    void startAdmin(EmbeddedBolide bolide) throws Exception {
        admin = new DefaultMQAdminExt(5000);
        admin.setNamesrvAddr(bolide.nameServerAddress());
        admin.setInstanceName("admin-" + ProcessHandle.current().pid() + "-" + next());
        admin.setVipChannelEnabled(false);
        admin.start();
        brokerAddress = bolide.brokerAddress();
    }

    @AfterEach
    void stopAdmin() {
        admin.shutdown();
    }

    @Test
    void shouldCreateListDescribeAndDeleteTopic(EmbeddedBolide bolide) throws Exception {
        String topic = "AdminTopic";
        TopicConfig config = new TopicConfig(topic, 4, 4, 6);
        admin.createAndUpdateTopicConfig(brokerAddress, config);
        await("topic listed", () -> topicListed(topic));
        TopicConfig described = admin.examineTopicConfig(brokerAddress, topic);
        assertThat(described.getReadQueueNums()).isEqualTo(4);
        assertThat(described.getWriteQueueNums()).isEqualTo(4);
        assertThat(described.getPerm()).isEqualTo(6);

        DefaultMQProducer producer =
                Clients.startedProducer(bolide.nameServerAddress(), "admin-topic-producer");
        try {
            for (String seq : seqs("t-", 6)) {
                producer.send(message(topic, "TagA", seq));
            }
        } finally {
            producer.shutdown();
        }
        // queue offsets move when the store's dispatch has indexed the sends, just after the acks
        await("6 messages in topic stats", () -> messagesIn(topic) == 6);
        TopicStatsTable stats = admin.examineTopicStats(topic);
        assertThat(stats.getOffsetTable()).hasSize(4);
        for (TopicOffset offset : stats.getOffsetTable().values()) {
            if (offset.getMaxOffset() > 0) {
                assertThat(offset.getLastUpdateTimestamp()).isPositive();
            }
        }

        admin.deleteTopicInBroker(Set.of(brokerAddress), topic);
        admin.deleteTopicInNameServer(Set.of(bolide.nameServerAddress()), topic);
        await("topic gone", () -> !topicListed(topic));
        assertThatThrownBy(() -> admin.examineTopicConfig(brokerAddress, topic))
                .isInstanceOf(MQBrokerException.class);
    }

    @Test
    void shouldCreateListAndDeleteSubscriptionGroup() throws Exception {
        String group = "admin-sub-group";
        SubscriptionGroupConfig config = new SubscriptionGroupConfig();
        config.setGroupName(group);
        config.setRetryMaxTimes(5);
        config.setConsumeBroadcastEnable(false);
        admin.createAndUpdateSubscriptionGroupConfig(brokerAddress, config);

        SubscriptionGroupConfig read = admin.examineSubscriptionGroupConfig(brokerAddress, group);
        assertThat(read.getGroupName()).isEqualTo(group);
        assertThat(read.getRetryMaxTimes()).isEqualTo(5);
        assertThat(read.isConsumeBroadcastEnable()).isFalse();
        assertThat(admin.getAllSubscriptionGroup(brokerAddress, 5000).getSubscriptionGroupTable())
                .containsKey(group);

        admin.deleteSubscriptionGroup(brokerAddress, group, true);
        assertThat(admin.getAllSubscriptionGroup(brokerAddress, 5000).getSubscriptionGroupTable())
                .doesNotContainKey(group);
        // 5.4.0 looks one group up in GET_ALL_SUBSCRIPTIONGROUP_CONFIG: null when absent
        assertThat(admin.examineSubscriptionGroupConfig(brokerAddress, group)).isNull();
    }

    @Test
    void shouldShowLagAfterSendsAndNoneAfterConsumption(EmbeddedBolide bolide) throws Exception {
        String topic = "AdminLagTopic";
        String group = "admin-lag-group";
        String ns = bolide.nameServerAddress();
        DefaultMQProducer producer = Clients.startedProducer(ns, "admin-lag-producer");
        Gate gate = new Gate();
        DefaultMQPushConsumer consumer = Clients.pushConsumer(ns, group);
        try {
            producer.send(message(topic, "TagA", "warm-up"));
            consumer.subscribe(topic, "*");
            consumer.registerMessageListener(gate);
            Clients.awaitRoute(producer, topic);
            consumer.start();
            await("warm-up consumed", () -> gate.consumed.get() >= 1);
            await("no lag after warm-up", () -> lag(group) == 0);
            assertThat(
                            admin.getAllSubscriptionGroup(brokerAddress, 5000)
                                    .getSubscriptionGroupTable())
                    .as("auto-created on heartbeat")
                    .containsKey(group);

            gate.close();
            for (String seq : seqs("lag-", 3)) {
                producer.send(message(topic, "TagA", seq));
            }
            await("lag of 3", () -> lag(group) == 3);
            gate.open();
            await("no lag after consumption", () -> lag(group) == 0);
            assertThat(gate.consumed.get()).isGreaterThanOrEqualTo(4);
        } finally {
            gate.open();
            consumer.shutdown();
            producer.shutdown();
        }
    }

    @Test
    void shouldListConnectionsAndRelayRunningInfo(EmbeddedBolide bolide) throws Exception {
        String topic = "AdminConnTopic";
        String group = "admin-conn-group";
        String ns = bolide.nameServerAddress();
        DefaultMQProducer producer = Clients.startedProducer(ns, "admin-conn-producer");
        DefaultMQPushConsumer consumer = Clients.pushConsumer(ns, group);
        Inbox inbox = new Inbox();
        try {
            producer.send(message(topic, "TagA", "c-0"));
            consumer.subscribe(topic, "TagA || TagB");
            consumer.registerMessageListener(inbox);
            Clients.awaitRoute(producer, topic);
            consumer.start();
            inbox.awaitSeq("c-0");

            ConsumerConnection consumers = admin.examineConsumerConnectionInfo(group);
            assertThat(consumers.getConnectionSet()).hasSize(1);
            Connection member = consumers.getConnectionSet().iterator().next();
            assertThat(member.getClientId()).isEqualTo(consumer.buildMQClientId());
            assertThat(member.getLanguage().name()).isEqualTo("JAVA");
            assertThat(member.getVersion()).isPositive();
            assertThat(member.getClientAddr()).contains(":");
            assertThat(consumers.getSubscriptionTable()).containsKey(topic);
            assertThat(consumers.getSubscriptionTable().get(topic).getSubString())
                    .isEqualTo("TagA || TagB");

            ProducerConnection producers =
                    admin.examineProducerConnectionInfo("admin-conn-producer", topic);
            assertThat(producers.getConnectionSet()).hasSize(1);

            assertThat(admin.queryTopicConsumeByWho(topic).getGroupList()).contains(group);

            ConsumerRunningInfo info =
                    admin.getConsumerRunningInfo(group, member.getClientId(), false);
            assertThat(info).isNotNull();
            assertThat(info.getSubscriptionSet())
                    .anySatisfy(sub -> assertThat(sub.getTopic()).isEqualTo(topic));
            assertThat(info.getMqTable().keySet())
                    .anySatisfy(mq -> assertThat(mq.getTopic()).isEqualTo(topic));
        } finally {
            consumer.shutdown();
            producer.shutdown();
        }
        assertThatThrownBy(() -> admin.examineConsumerConnectionInfo("admin-nobody-group"))
                .isInstanceOf(Exception.class);
    }

    @Test
    void shouldReportRuntimeInfoAndClusterList(EmbeddedBolide bolide) throws Exception {
        ClusterInfo cluster = admin.examineBrokerClusterInfo();
        assertThat(cluster.getBrokerAddrTable()).isNotEmpty();
        String brokerName = cluster.getBrokerAddrTable().keySet().iterator().next();
        assertThat(cluster.getBrokerAddrTable().get(brokerName).getBrokerAddrs().get(0L))
                .isEqualTo(brokerAddress);
        assertThat(cluster.getClusterAddrTable().values())
                .anySatisfy(names -> assertThat(names).contains(brokerName));

        KVTable runtime = admin.fetchBrokerRuntimeStats(brokerAddress);
        Map<String, String> table = runtime.getTable();
        assertThat(table.get("brokerVersionDesc")).isEqualTo("V5_4_0");
        for (String key :
                List.of(
                        "msgPutTotalTodayNow",
                        "msgGetTotalTodayNow",
                        "msgPutTotalTodayMorning",
                        "msgGetTotalTodayMorning",
                        "msgPutTotalYesterdayMorning",
                        "msgGetTotalYesterdayMorning",
                        "bootTimestamp",
                        "commitLogMaxOffset",
                        "earliestMessageTimeStamp",
                        "pageCacheLockTimeMills")) {
            assertThat(Long.parseLong(table.get(key))).as(key).isNotNegative();
        }
        assertThat(table.get("putTps").split(" ")).hasSize(3);
        assertThat(table.get("getTransferredTps").split(" ")).hasSize(3);
        assertThat(Double.parseDouble(table.get("commitLogDiskRatio"))).isBetween(0.0, 1.0);
    }

    @Test
    void shouldPrintBrokerRowInMqadminClusterList(EmbeddedBolide bolide) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream stdout = System.out;
        // mqadmin passes -n and its version to its commands through these JVM-wide properties
        List<String> properties = List.of("rocketmq.namesrv.addr", "rocketmq.remoting.version");
        Map<String, String> previous = new java.util.HashMap<>();
        properties.forEach(p -> previous.put(p, System.getProperty(p)));
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        try {
            MQAdminStartup.main0(
                    new String[] {"clusterList", "-n", bolide.nameServerAddress()}, null);
        } finally {
            System.setOut(stdout);
            for (String property : properties) {
                if (previous.get(property) == null) {
                    System.clearProperty(property);
                } else {
                    System.setProperty(property, previous.get(property));
                }
            }
        }
        String printed = out.toString(StandardCharsets.UTF_8);
        assertThat(printed).contains(brokerAddress).contains("V5_4_0");
    }

    @Test
    void shouldGetBrokerConfigAndUpdateOnlyLiveKeys() throws Exception {
        Properties config = admin.getBrokerConfig(brokerAddress);
        assertThat(config.getProperty("brokerName")).isNotEmpty();
        assertThat(config.getProperty("autoCreateSubscriptionGroup")).isEqualTo("true");

        Properties update = new Properties();
        update.setProperty("autoCreateSubscriptionGroup", "false");
        admin.updateBrokerConfig(brokerAddress, update);
        try {
            assertThat(
                            admin.getBrokerConfig(brokerAddress)
                                    .getProperty("autoCreateSubscriptionGroup"))
                    .isEqualTo("false");
        } finally {
            update.setProperty("autoCreateSubscriptionGroup", "true");
            admin.updateBrokerConfig(brokerAddress, update);
        }

        Properties refused = new Properties();
        refused.setProperty("listenPort", "1");
        assertThatThrownBy(() -> admin.updateBrokerConfig(brokerAddress, refused))
                .isInstanceOf(MQBrokerException.class)
                .hasMessageContaining("listenPort");
        assertThat(admin.getBrokerConfig(brokerAddress).getProperty("listenPort"))
                .isEqualTo(config.getProperty("listenPort"));
    }

    @Test
    void shouldRewindOnlinePushConsumerWhenOffsetIsResetByTime(EmbeddedBolide bolide)
            throws Exception {
        String topic = "AdminResetTopic";
        String group = "admin-reset-group";
        String ns = bolide.nameServerAddress();
        long before = System.currentTimeMillis() - 1000;
        DefaultMQProducer producer = Clients.startedProducer(ns, "admin-reset-producer");
        DefaultMQPushConsumer consumer = Clients.pushConsumer(ns, group);
        Inbox inbox = new Inbox();
        try {
            List<String> sent = seqs("r-", 4);
            for (String seq : sent) {
                producer.send(message(topic, "TagA", seq));
            }
            consumer.subscribe(topic, "*");
            consumer.registerMessageListener(inbox);
            Clients.awaitRoute(producer, topic);
            consumer.start();
            inbox.awaitSeqs(sent);
            await("offsets committed", () -> lag(group) == 0);
            int firstRound = inbox.all().size();

            Map<MessageQueue, Long> reset =
                    admin.resetOffsetByTimestamp(topic, group, before, true);
            assertThat(reset.values()).allSatisfy(offset -> assertThat(offset).isZero());
            await(
                    "every message delivered again",
                    RESET_DEADLINE,
                    () -> inbox.all().size() >= firstRound + sent.size());
            assertThat(inbox.deliveredSeqs()).containsAll(sent);
        } finally {
            consumer.shutdown();
            producer.shutdown();
        }
    }

    private long messagesIn(String topic) {
        try {
            long total = 0;
            for (TopicOffset offset : admin.examineTopicStats(topic).getOffsetTable().values()) {
                total += offset.getMaxOffset() - offset.getMinOffset();
            }
            return total;
        } catch (Exception e) {
            return -1;
        }
    }

    private boolean topicListed(String topic) {
        try {
            return admin.fetchAllTopicList().getTopicList().contains(topic);
        } catch (Exception e) {
            return false;
        }
    }

    /** The group's total lag, or -1 while the broker has no stats for it yet. */
    private long lag(String group) {
        try {
            ConsumeStats stats = admin.examineConsumeStats(group);
            return stats.computeTotalDiff();
        } catch (Exception e) {
            return -1;
        }
    }

    private static int next() {
        return INSTANCES.incrementAndGet();
    }

    private static void await(String what, BooleanSupplier condition) {
        Clients.await(what, condition);
    }

    private static void await(String what, Duration deadline, BooleanSupplier condition) {
        long end = System.nanoTime() + deadline.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > end) {
                throw new AssertionError("timed out waiting until " + what);
            }
            Clients.await("a poll interval", pause(50));
        }
    }

    /** A condition that holds once {@code millis} have passed: a poll interval via the helper. */
    private static BooleanSupplier pause(long millis) {
        AtomicLong until = new AtomicLong(System.nanoTime() + millis * 1_000_000);
        return () -> System.nanoTime() >= until.get();
    }

    /** A listener that can hold consumption back, so the group's committed offset stays put. */
    private static final class Gate implements MessageListenerConcurrently {
        final AtomicInteger consumed = new AtomicInteger();
        private final AtomicReference<CountDownLatch> latch =
                new AtomicReference<>(new CountDownLatch(0));

        void close() {
            latch.set(new CountDownLatch(1));
        }

        void open() {
            latch.get().countDown();
        }

        @Override
        public ConsumeConcurrentlyStatus consumeMessage(
                List<org.apache.rocketmq.common.message.MessageExt> messages,
                org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyContext context) {
            try {
                if (!latch.get().await(60, TimeUnit.SECONDS)) {
                    return ConsumeConcurrentlyStatus.RECONSUME_LATER;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return ConsumeConcurrentlyStatus.RECONSUME_LATER;
            }
            consumed.addAndGet(messages.size());
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        }
    }
}
