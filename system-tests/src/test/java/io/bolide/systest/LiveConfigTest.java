package io.bolide.systest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bolide.broker.config.BrokerConfig;
import io.bolide.namesrv.NameServer;
import io.bolide.namesrv.NameServerConfig;
import io.bolide.testsupport.Await;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.producer.LocalTransactionState;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.client.producer.TransactionListener;
import org.apache.rocketmq.client.producer.TransactionMQProducer;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.remoting.exception.RemotingException;
import org.apache.rocketmq.remoting.protocol.route.TopicRouteData;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Live broker configuration (#35) with mqadmin 5.5.0 against a broker in a child JVM: a key the
 * reference changes live (fileReservedTime, retention, pull sizes, brokerPermission with the route
 * following it; autoCreateTopicEnable and defaultTopicQueueNums with sends to new topics,
 * maxMessageSize with a bigger send, the transaction check timing with a check) changes at once and
 * survives a restart of the broker process; a key that needs a restart, and a bad value, are
 * refused with the reason, the latter in the words a start with that value would use.
 */
class LiveConfigTest {
    private static final String TOPIC = "LiveConfigTopic";

    /** Keys the reference changes live, with values other than their defaults. */
    private static final Map<String, String> CHANGES =
            Map.of(
                    "fileReservedTime", "48",
                    "diskMaxUsedSpaceRatio", "80",
                    "maxTransferCountOnMessageInMemory", "64",
                    "shortPollingTimeMills", "2000",
                    "brokerPermission", "4");

    @TempDir Path dir;

    private NameServer nameServer;
    private ChildBroker broker;
    private DefaultMQAdminExt admin;
    private final Map<String, String> config = new LinkedHashMap<>();

    @BeforeEach
    void start() throws Exception {
        nameServer =
                NameServer.start(
                        NameServerConfig.builder().bindAddress(Cluster.HOST).listenPort(0).build());
        config.put("brokerClusterName", "LiveConfigCluster");
        config.put("brokerName", "live-config-broker");
        config.put("brokerIP1", Cluster.HOST);
        config.put("bindAddress", Cluster.HOST);
        config.put("listenPort", Integer.toString(freePort()));
        config.put("namesrvAddr", Cluster.HOST + ":" + nameServer.port());
        config.put("storePathRootDir", dir.resolve("store").toString());
        broker = ChildBroker.start(config, dir.resolve("broker-1.log"));
        admin = new DefaultMQAdminExt(5000);
        admin.setNamesrvAddr(Cluster.HOST + ":" + nameServer.port());
        admin.setInstanceName("live-config-admin-" + ProcessHandle.current().pid());
        admin.setVipChannelEnabled(false);
        admin.start();
    }

    @AfterEach
    void stop() {
        if (admin != null) {
            admin.shutdown();
        }
        if (broker != null) {
            broker.kill();
        }
        if (nameServer != null) {
            nameServer.close();
        }
    }

    @Test
    void shouldChangeFileReservedTimeLiveAndKeepItAcrossARestart() throws Exception {
        MqAdmin mqadmin = new MqAdmin(Cluster.HOST + ":" + nameServer.port());
        String address = address();
        assertFinds(mqadmin.run("getBrokerConfig", "-b", address), "fileReservedTime\\s+=\\s+72");
        assertThat(mqadmin.run("updateTopic", "-b", address, "-t", TOPIC, "-r", "2", "-w", "2"))
                .contains("create topic to " + address + " success");
        awaitRoutedPerm(6);

        for (Map.Entry<String, String> change : CHANGES.entrySet()) {
            assertThat(
                            mqadmin.run(
                                    "updateBrokerConfig",
                                    "-b",
                                    address,
                                    "-k",
                                    change.getKey(),
                                    "-v",
                                    change.getValue()))
                    .as(change.getKey())
                    .contains("update broker config success");
        }
        assertChanged(mqadmin.run("getBrokerConfig", "-b", address));
        // brokerPermission=4 (read only) reaches the route at once: the topic is no longer
        // writable.
        awaitRoutedPerm(4);
        Path kept = dir.resolve("store/config/broker.properties");
        for (Map.Entry<String, String> change : CHANGES.entrySet()) {
            assertThat(Files.readAllLines(kept))
                    .contains(change.getKey() + "=" + change.getValue());
        }

        broker.stop();
        broker = ChildBroker.start(config, dir.resolve("broker-2.log"));
        assertChanged(mqadmin.run("getBrokerConfig", "-b", address));
        awaitRoutedPerm(4);
    }

    /** Every live change, as getBrokerConfig prints it. */
    private static void assertChanged(String printed) {
        for (Map.Entry<String, String> change : CHANGES.entrySet()) {
            assertFinds(printed, change.getKey() + "\\s+=\\s+" + change.getValue() + "\\s");
        }
    }

    /** Waits until the name server routes {@link #TOPIC} with {@code perm} (30 seconds at most). */
    private void awaitRoutedPerm(int perm) {
        Await.until(
                Duration.ofSeconds(30),
                Duration.ofMillis(50),
                () -> routedPerm() == perm,
                "the route of " + TOPIC + " with perm " + perm);
    }

    /** The perm the name server routes {@link #TOPIC} with; -1 while it has no route. */
    private int routedPerm() {
        try {
            TopicRouteData route = admin.examineTopicRouteInfo(TOPIC);
            return route.getQueueDatas().isEmpty() ? -1 : route.getQueueDatas().get(0).getPerm();
        } catch (MQClientException e) {
            return -1; // a restarted broker has not registered yet
        } catch (RemotingException | InterruptedException e) {
            throw new IllegalStateException("asking the name server for " + TOPIC, e);
        }
    }

    @Test
    void shouldApplySendAndTransactionKeysLiveAndKeepThemAcrossARestart() throws Exception {
        String address = address();
        String nameServerAddress = Cluster.HOST + ":" + nameServer.port();
        long started = System.nanoTime();
        CheckCounter checks = new CheckCounter();
        TransactionMQProducer producer = new TransactionMQProducer("live-config-producer");
        producer.setNamesrvAddr(nameServerAddress);
        producer.setInstanceName("live-config-producer-" + ProcessHandle.current().pid());
        producer.setVipChannelEnabled(false);
        producer.setSendMsgTimeout(15_000);
        producer.setRetryTimesWhenSendFailed(0);
        producer.setTransactionListener(checks);
        producer.start();
        try {
            // transactionCheckInterval (30 s at start) and transactionTimeOut shortened live: the
            // first check round comes long before the 30 s the broker started with.
            update(address, Map.of("transactionCheckInterval", "500", "transactionTimeOut", "500"));

            // autoCreateTopicEnable off: TBW102 is routed without the inherit bit, a send to an
            // unknown topic is refused.
            update(address, Map.of("autoCreateTopicEnable", "false"));
            awaitRoute("TBW102", 6, 8);
            assertThatThrownBy(() -> producer.send(message("LiveRefusedTopic", 16)))
                    .isInstanceOfAny(MQClientException.class, MQBrokerException.class);

            // On again with two queues: a send creates the topic, with two queues.
            update(address, Map.of("autoCreateTopicEnable", "true", "defaultTopicQueueNums", "2"));
            awaitRoute("TBW102", 7, 2);
            String topic = "LiveCreatedTopic";
            assertThat(producer.send(message(topic, 16)).getSendStatus())
                    .isEqualTo(SendStatus.SEND_OK);
            awaitRoute(topic, 6, 2);

            // maxMessageSize lowered: a bigger body is refused, a smaller one stored; raising it
            // above the start's value is refused with the reason.
            update(address, Map.of("maxMessageSize", "1024"));
            assertThatThrownBy(() -> producer.send(message(topic, 2048)))
                    .isInstanceOf(MQBrokerException.class)
                    .hasMessageContaining("msg body length limit 1024B");
            assertThat(producer.send(message(topic, 512)).getSendStatus())
                    .isEqualTo(SendStatus.SEND_OK);
            Properties above = new Properties();
            above.setProperty("maxMessageSize", Integer.toString(8 << 20));
            assertThatThrownBy(() -> admin.updateBrokerConfig(address, above))
                    .isInstanceOf(MQBrokerException.class)
                    .hasMessageContaining(
                            "'maxMessageSize' can change live up to 4194304, the value the broker"
                                    + " started with");

            // timerMaxDelaySec lowered: a timer message beyond it is refused at its send (#35).
            update(address, Map.of("timerMaxDelaySec", "5"));
            Message later = message(topic, 16);
            later.setDelayTimeSec(60);
            assertThatThrownBy(() -> producer.send(later))
                    .isInstanceOf(MQBrokerException.class)
                    .hasMessageContaining("max delay 5000ms");

            producer.sendMessageInTransaction(message(topic, 16), null);
            Await.until(
                    Duration.ofSeconds(20), () -> checks.count.get() > 0, "a transaction check");
            assertThat(Duration.ofNanos(System.nanoTime() - started))
                    .isLessThan(Duration.ofSeconds(30));
        } finally {
            producer.shutdown();
        }

        Map<String, String> kept =
                Map.of(
                        "autoCreateTopicEnable", "true",
                        "defaultTopicQueueNums", "2",
                        "maxMessageSize", "1024",
                        "timerMaxDelaySec", "5",
                        "transactionCheckInterval", "500",
                        "transactionTimeOut", "500");
        broker.stop();
        broker = ChildBroker.start(config, dir.resolve("broker-2.log"));
        Properties after = admin.getBrokerConfig(address);
        for (Map.Entry<String, String> change : kept.entrySet()) {
            assertThat(after.getProperty(change.getKey()))
                    .as(change.getKey())
                    .isEqualTo(change.getValue());
        }
    }

    /** Applies {@code changes} with the official admin client's updateBrokerConfig. */
    private void update(String address, Map<String, String> changes) throws Exception {
        Properties properties = new Properties();
        properties.putAll(changes);
        admin.updateBrokerConfig(address, properties);
    }

    private static Message message(String topic, int bodySize) {
        return new Message(topic, new byte[bodySize]);
    }

    /** Waits until the name server routes {@code topic} with {@code perm} and {@code queues}. */
    private void awaitRoute(String topic, int perm, int queues) {
        Await.until(
                Duration.ofSeconds(30),
                Duration.ofMillis(50),
                () -> {
                    try {
                        TopicRouteData route = admin.examineTopicRouteInfo(topic);
                        return !route.getQueueDatas().isEmpty()
                                && route.getQueueDatas().get(0).getPerm() == perm
                                && route.getQueueDatas().get(0).getWriteQueueNums() == queues;
                    } catch (MQClientException e) {
                        return false; // no route yet
                    } catch (RemotingException | InterruptedException e) {
                        throw new IllegalStateException("asking the name server for " + topic, e);
                    }
                },
                "the route of " + topic + " with perm " + perm + " and " + queues + " queues");
    }

    /** Leaves every transaction to a check, and commits it when checked. */
    private static final class CheckCounter implements TransactionListener {
        final AtomicInteger count = new AtomicInteger();

        @Override
        public LocalTransactionState executeLocalTransaction(Message message, Object arg) {
            return LocalTransactionState.UNKNOW;
        }

        @Override
        public LocalTransactionState checkLocalTransaction(MessageExt message) {
            count.incrementAndGet();
            return LocalTransactionState.COMMIT_MESSAGE;
        }
    }

    @Test
    void shouldRefuseAKeyThatNeedsARestartAndABadValueWithTheReason() throws Exception {
        String address = address();
        Properties restart = new Properties();
        restart.setProperty("storePathRootDir", dir.resolve("elsewhere").toString());
        assertThatThrownBy(() -> admin.updateBrokerConfig(address, restart))
                .isInstanceOf(MQBrokerException.class)
                .hasMessageContaining(
                        "broker config key 'storePathRootDir' cannot change while the broker runs:"
                                + " the store opens and lays out its files with it at start");

        Properties replication = new Properties();
        replication.setProperty("haTransferBatchSize", "65536");
        assertThatThrownBy(() -> admin.updateBrokerConfig(address, replication))
                .isInstanceOf(MQBrokerException.class)
                .hasMessageContaining(
                        "broker config key 'haTransferBatchSize' cannot change while the broker"
                                + " runs: replication's links and the sends waiting for slaves"
                                + " take it when replication starts");

        String atStart = startRefusal("fileReservedTime", "twelve");
        Properties bad = new Properties();
        bad.setProperty("fileReservedTime", "twelve");
        assertThatThrownBy(() -> admin.updateBrokerConfig(address, bad))
                .isInstanceOf(MQBrokerException.class)
                .hasMessageContaining(atStart);
        assertThat(admin.getBrokerConfig(address).getProperty("fileReservedTime")).isEqualTo("72");
    }

    /** What a start with {@code key=value} in its file is refused with. */
    private static String startRefusal(String key, String value) {
        try {
            BrokerConfig.fromProperties(Map.of(key, value));
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
        throw new AssertionError(key + "=" + value + " was accepted at start");
    }

    private String address() {
        return Cluster.HOST + ":" + config.get("listenPort");
    }

    private static void assertFinds(String text, String regex) {
        assertThat(Pattern.compile(regex).matcher(text).find())
                .as("'%s' in:%n%s", regex, text)
                .isTrue();
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket()) {
            socket.bind(new InetSocketAddress(Cluster.HOST, 0));
            return socket.getLocalPort();
        }
    }
}
