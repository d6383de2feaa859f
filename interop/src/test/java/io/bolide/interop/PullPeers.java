package io.bolide.interop;

import io.bolide.broker.Broker;
import io.bolide.broker.config.BrokerConfig;
import io.bolide.testsupport.Await;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RemotingSerializable;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.header.CreateTopicRequestHeader;
import org.apache.rocketmq.remoting.protocol.subscription.SubscriptionGroupConfig;

/**
 * Four brokers answering the same pulls: an Apache RocketMQ 5.5.0 master and its slave (child
 * processes, the slave finding its master through an Apache name server, as a 5.5.0 slave must) and
 * a Bolide master and its slave (in this JVM, over the classic HA link). Every one reads from
 * slaves ({@code slaveReadEnable}), the setting under which a slave serves pulls at all.
 */
final class PullPeers implements AutoCloseable {
    static final String APACHE_MASTER = "apache master";
    static final String APACHE_SLAVE = "apache slave";
    static final String BOLIDE_MASTER = "bolide master";
    static final String BOLIDE_SLAVE = "bolide slave";

    private final List<AutoCloseable> started = new ArrayList<>();
    private final Map<String, String> addresses = new LinkedHashMap<>();

    /** Starts the four; {@code wait} bounds each start-up condition. */
    static PullPeers start(Path dir, Duration wait) throws Exception {
        PullPeers peers = new PullPeers();
        try {
            peers.startApache(dir);
            peers.startBolide(dir, wait);
            return peers;
        } catch (Exception | Error e) {
            peers.close();
            throw e;
        }
    }

    private void startApache(Path dir) throws Exception {
        ApacheBroker ns =
                keep(ApacheBroker.nameServer(dir.resolve("namesrv"), ApacheBroker.freePortPair()));
        ApacheBroker master =
                keep(
                        ApacheBroker.start(
                                dir.resolve("apache-master"),
                                ApacheBroker.freePortPair(),
                                Map.of(
                                        "brokerId", "0",
                                        "brokerRole", "ASYNC_MASTER",
                                        "slaveReadEnable", "true",
                                        "namesrvAddr", ns.address())));
        master.awaitHaPort();
        ApacheBroker slave =
                keep(
                        ApacheBroker.start(
                                dir.resolve("apache-slave"),
                                ApacheBroker.freePortPair(),
                                Map.of(
                                        "brokerId", "1",
                                        "brokerRole", "SLAVE",
                                        "slaveReadEnable", "true",
                                        "namesrvAddr", ns.address())));
        addresses.put(APACHE_MASTER, master.address());
        addresses.put(APACHE_SLAVE, slave.address());
    }

    private void startBolide(Path dir, Duration wait) throws Exception {
        Broker master = keep(Broker.start(bolide(dir.resolve("bolide-master"), "ASYNC_MASTER")));
        Broker slave =
                keep(
                        Broker.start(
                                BrokerConfig.builder()
                                        .storePathRootDir(dir.resolve("bolide-slave"))
                                        .listenPort(0)
                                        .brokerIP1("127.0.0.1")
                                        .set("bindAddress", "127.0.0.1")
                                        .set("brokerRole", "SLAVE")
                                        .set("brokerId", "1")
                                        .set("slaveReadEnable", "true")
                                        .set("haMasterAddress", "127.0.0.1:" + master.haPort())
                                        .build()));
        Await.until(wait, slave::linkedToMaster, "the Bolide slave's link");
        addresses.put(BOLIDE_MASTER, master.address());
        addresses.put(BOLIDE_SLAVE, slave.address());
    }

    private static BrokerConfig bolide(Path store, String role) {
        return BrokerConfig.builder()
                .storePathRootDir(store)
                .listenPort(0)
                .brokerIP1("127.0.0.1")
                .set("bindAddress", "127.0.0.1")
                .set("brokerRole", role)
                .set("slaveReadEnable", "true")
                .build();
    }

    private <T extends AutoCloseable> T keep(T closeable) {
        started.add(closeable);
        return closeable;
    }

    /** The four addresses by name, masters first. */
    Map<String, String> addresses() {
        return addresses;
    }

    String address(String name) {
        return addresses.get(name);
    }

    /**
     * Creates {@code topic} with {@code queues} queues on every broker (a slave accepts it as a
     * master does; its copy of the master's table would bring the same one later).
     */
    void createTopic(Wire wire, String topic, int queues, Duration wait) {
        CreateTopicRequestHeader header = new CreateTopicRequestHeader();
        header.setTopic(topic);
        header.setDefaultTopic("TBW102");
        header.setReadQueueNums(queues);
        header.setWriteQueueNums(queues);
        header.setPerm(6);
        header.setTopicFilterType("SINGLE_TAG");
        header.setTopicSysFlag(0);
        header.setOrder(false);
        for (Map.Entry<String, String> broker : addresses.entrySet()) {
            Await.until(
                    wait,
                    () -> {
                        try {
                            RemotingCommand answer =
                                    wire.call(
                                            broker.getValue(),
                                            RequestCode.UPDATE_AND_CREATE_TOPIC,
                                            header,
                                            null);
                            return answer.getCode() == 0;
                        } catch (Exception e) {
                            return false;
                        }
                    },
                    "topic " + topic + " on the " + broker.getKey());
        }
    }

    /**
     * Creates consumer group {@code group} on every broker, its pulls suggested to broker {@code
     * brokerId} (the group's {@code brokerId} and {@code whichBrokerWhenConsumeSlowly}).
     */
    void createGroup(Wire wire, String group, long brokerId, Duration wait) {
        SubscriptionGroupConfig config = new SubscriptionGroupConfig();
        config.setGroupName(group);
        config.setBrokerId(brokerId);
        config.setWhichBrokerWhenConsumeSlowly(brokerId);
        byte[] body = RemotingSerializable.encode(config);
        for (Map.Entry<String, String> broker : addresses.entrySet()) {
            Await.until(
                    wait,
                    () -> {
                        try {
                            RemotingCommand answer =
                                    wire.call(
                                            broker.getValue(),
                                            RequestCode.UPDATE_AND_CREATE_SUBSCRIPTIONGROUP,
                                            null,
                                            body);
                            return answer.getCode() == 0;
                        } catch (Exception e) {
                            return false;
                        }
                    },
                    "group " + group + " on the " + broker.getKey());
        }
    }

    @Override
    public void close() {
        for (int i = started.size() - 1; i >= 0; i--) {
            try {
                started.get(i).close();
            } catch (Exception e) {
                // Closing the others matters more; the temporary directory goes anyway.
            }
        }
    }
}
