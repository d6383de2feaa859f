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
import java.util.regex.Pattern;
import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.exception.MQClientException;
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
 * following it) changes at once and survives a restart of the broker process; a key that needs a
 * restart, and a bad value, are refused with the reason, the latter in the words a start with that
 * value would use.
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
    void shouldRefuseAKeyThatNeedsARestartAndABadValueWithTheReason() throws Exception {
        String address = address();
        Properties restart = new Properties();
        restart.setProperty("storePathRootDir", dir.resolve("elsewhere").toString());
        assertThatThrownBy(() -> admin.updateBrokerConfig(address, restart))
                .isInstanceOf(MQBrokerException.class)
                .hasMessageContaining(
                        "broker config key 'storePathRootDir' cannot change while the broker runs:"
                                + " the store opens and lays out its files with it at start");

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
