package io.bolide.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.Broker;
import io.bolide.broker.config.BrokerConfig;
import io.bolide.namesrv.NameServer;
import io.bolide.namesrv.NameServerConfig;
import io.bolide.testsupport.Await;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RemotingSerializable;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.body.SyncStateSet;
import org.apache.rocketmq.remoting.protocol.header.CreateTopicRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.controller.GetReplicaInfoResponseHeader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two brokers of one group in controller mode (the reference's keys) under Bolide's controller,
 * embedded in a Bolide name server: they get ids, one is master and the other its slave, the
 * SyncStateSet grows to both, what the official 5.5.0 producer sends is on the slave, and when the
 * master is killed Bolide's controller elects the slave and sends succeed on it. Both brokers
 * Apache RocketMQ 5.5.0 (the controller protocol), or one Apache and one Bolide (the epoch-aware HA
 * link across implementations, docs/replication.md section 8).
 */
class ControllerInteropTest {
    private static final String GROUP = "broker-a";
    private static final String TOPIC = "CtlInterop";
    private static final int MESSAGES = 20;
    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir Path dir;

    /** A broker of the group, whichever implementation runs it. */
    private interface Member extends AutoCloseable {
        String address();

        /** Stops it as a crash would: no more heartbeats, no more answers. */
        void kill();

        String output();

        @Override
        void close();
    }

    /** Starts a member of the group in controller mode, given the name server and controller. */
    private interface Starter {
        Member start(Path dir, String namesrv, String controller) throws Exception;
    }

    @Test
    void shouldFailOverAnApacheGroupUnderABolideController() throws Exception {
        failOver(ControllerInteropTest::apache, ControllerInteropTest::apache, true);
    }

    @Test
    void shouldReplicateFromAnApacheMasterToABolideSlaveAndFailOver() throws Exception {
        failOver(ControllerInteropTest::apache, ControllerInteropTest::bolide, true);
    }

    @Test
    void shouldReplicateFromABolideMasterToAnApacheSlaveAndFailOver() throws Exception {
        // An Apache 5.5.0 slave was not seen to copy a Bolide master's topic table within 60 s
        // (not diagnosed yet: docs/replication.md section 8), so the new master's send relies on
        // autoCreateTopicEnable, as the producer falls back to the default topic's route.
        failOver(ControllerInteropTest::bolide, ControllerInteropTest::apache, false);
    }

    /**
     * The first member started becomes master, the second its slave; the SyncStateSet grows to
     * both; the producer's sends are on the slave; the master is killed and the slave, elected by
     * the controller, stores the next send.
     */
    private void failOver(Starter firstStarter, Starter secondStarter, boolean awaitTopicCopy)
            throws Exception {
        String raft = "127.0.0.1:" + ApacheBroker.freePortPair();
        String controller = "127.0.0.1:" + ApacheBroker.freePortPair();
        try (NameServer ns = NameServer.start(nameServer(raft, controller));
                ControllerCalls calls = new ControllerCalls()) {
            Await.until(WAIT, ns.controller()::isLeader, "Bolide's controller leads");
            String namesrv = "127.0.0.1:" + ns.port();
            try (Member first = firstStarter.start(dir.resolve("first"), namesrv, controller)) {
                Await.until(
                        WAIT,
                        () -> first.address().equals(replicaInfo(calls, controller).address()),
                        "the first broker elected master" + first.output());
                // The topic exists before the slave starts, and the test waits until the slave
                // copied it: a slave copies the master's topics when it starts following, then
                // only every 10 s (both implementations), and a new
                // master without the topic would drop it from the route.
                try (Wire wire = new Wire()) {
                    // Retried: a Bolide broker named master may still be reopening its ports.
                    Await.until(
                            WAIT,
                            () -> createTopic(wire, first.address()),
                            "the topic created on the master");
                }
                try (Member second =
                        secondStarter.start(dir.resolve("second"), namesrv, controller)) {
                    try (Wire wire = new Wire()) {
                        Await.until(
                                WAIT,
                                () -> !awaitTopicCopy || hasTopic(wire, second.address()),
                                "the slave copied the topic" + second.output());
                    }
                    Await.until(
                            WAIT,
                            () -> replicaInfo(calls, controller).syncStateSet().size() == 2,
                            "the SyncStateSet grown to both brokers"
                                    + first.output()
                                    + second.output());
                    Replicas twoMembers = replicaInfo(calls, controller);
                    DefaultMQProducer producer = producer(namesrv);
                    try {
                        List<Long> offsets = sendAll(producer, first.address());
                        try (Wire wire = new Wire()) {
                            assertOnReplica(wire, second.address(), offsets);
                        }
                        first.kill();
                        Await.until(
                                WAIT,
                                () ->
                                        second.address()
                                                .equals(replicaInfo(calls, controller).address()),
                                "the second broker elected master");
                        Replicas elected = replicaInfo(calls, controller);
                        assertThat(elected.masterEpoch()).isGreaterThan(twoMembers.masterEpoch());
                        assertThat(elected.syncStateSet()).containsExactly(elected.masterId());
                        AtomicReference<SendResult> sent = new AtomicReference<>();
                        Await.until(
                                WAIT,
                                () -> sendOnce(producer, "after", sent, second.address()),
                                "a send stored by the new master" + second.output());
                    } finally {
                        producer.shutdown();
                    }
                }
            }
        }
    }

    private static boolean createTopic(Wire wire, String broker) {
        CreateTopicRequestHeader header = new CreateTopicRequestHeader();
        header.setTopic(TOPIC);
        header.setDefaultTopic("TBW102");
        header.setReadQueueNums(4);
        header.setWriteQueueNums(4);
        header.setPerm(6);
        header.setTopicFilterType("SINGLE_TAG");
        try {
            return wire.call(broker, RequestCode.UPDATE_AND_CREATE_TOPIC, header, null).getCode()
                    == 0;
        } catch (Exception e) {
            return false;
        }
    }

    private static boolean hasTopic(Wire wire, String broker) {
        try {
            RemotingCommand answer =
                    wire.call(broker, RequestCode.GET_ALL_TOPIC_CONFIG, null, null);
            return answer.getCode() == 0
                    && answer.getBody() != null
                    && new String(answer.getBody(), StandardCharsets.UTF_8)
                            .contains("\"" + TOPIC + "\"");
        } catch (Exception e) {
            return false;
        }
    }

    private static Member apache(Path dir, String namesrv, String controller) throws Exception {
        ApacheBroker broker =
                ApacheBroker.start(dir, ApacheBroker.freePortPair(), broker(namesrv, controller));
        return new Member() {
            @Override
            public String address() {
                return broker.address();
            }

            @Override
            public void kill() {
                broker.kill();
            }

            @Override
            public String output() {
                return "\n--- Apache broker output ---\n" + broker.output();
            }

            @Override
            public void close() {
                broker.close();
            }
        };
    }

    private static Member bolide(Path dir, String namesrv, String controller) throws Exception {
        int port = ApacheBroker.freePortPair();
        Map<String, String> conf = broker(namesrv, controller);
        conf.remove("brokerId"); // the controller gives the id; Bolide takes no -1 placeholder
        conf.put("brokerClusterName", "DefaultCluster");
        conf.put("brokerIP1", "127.0.0.1");
        conf.put("bindAddress", "127.0.0.1");
        conf.put("listenPort", Integer.toString(port));
        conf.put("haListenPort", Integer.toString(port + 1));
        conf.put("storePathRootDir", dir.resolve("store").toString());
        conf.put("flushDiskType", "ASYNC_FLUSH");
        conf.put("autoCreateTopicEnable", "true");
        Broker broker = Broker.start(BrokerConfig.fromProperties(conf));
        return new Member() {
            @Override
            public String address() {
                return broker.address();
            }

            @Override
            public void kill() {
                broker.close();
            }

            @Override
            public String output() {
                return " (Bolide broker: its log is this test's output)";
            }

            @Override
            public void close() {
                broker.close();
            }
        };
    }

    private NameServerConfig nameServer(String raft, String controller) {
        Map<String, String> ns = new HashMap<>();
        ns.put("listenPort", "0");
        ns.put("bindAddress", "127.0.0.1");
        ns.put("enableControllerInNamesrv", "true");
        ns.put("jRaftServerId", raft);
        ns.put("jRaftInitConf", raft);
        ns.put("jRaftControllerRPCAddr", controller);
        ns.put("jRaftElectionTimeoutMs", "300");
        ns.put("scanInactiveMasterInterval", "500");
        // The brokers' value; it is also the grace a new controller leader gives before it
        // judges a master dead.
        ns.put("controllerHeartBeatTimeoutMills", "3000");
        ns.put("controllerStorePath", dir.resolve("controller").toString());
        return NameServerConfig.read(ns, note -> {});
    }

    /** A broker of the group in controller mode, with the reference's keys and short periods. */
    private static Map<String, String> broker(String namesrv, String controller) {
        Map<String, String> conf = new HashMap<>();
        conf.put("brokerName", GROUP);
        conf.put("brokerId", "-1");
        conf.put("namesrvAddr", namesrv);
        conf.put("enableControllerMode", "true");
        conf.put("controllerAddr", controller);
        conf.put("allAckInSyncStateSet", "true");
        conf.put("slaveReadEnable", "true");
        conf.put("syncFlushTimeout", "3000");
        conf.put("brokerHeartbeatInterval", "500");
        conf.put("controllerHeartBeatTimeoutMills", "3000");
        conf.put("syncBrokerMetadataPeriod", "500");
        conf.put("checkSyncStateSetPeriod", "500");
        conf.put("syncControllerMetadataPeriod", "2000");
        conf.put("haMaxTimeSlaveNotCatchup", "5000");
        conf.put("haSendHeartbeatInterval", "1000");
        conf.put("haHousekeepingInterval", "10000");
        return conf;
    }

    private static DefaultMQProducer producer(String namesrv) throws Exception {
        DefaultMQProducer producer = new DefaultMQProducer("ctl-interop-pg");
        producer.setNamesrvAddr(namesrv);
        // Route changes (the new master) are seen within a second, not the default 30 s.
        producer.setPollNameServerInterval(500);
        producer.setSendMsgTimeout(5_000);
        producer.start();
        return producer;
    }

    /** {@code MESSAGES} sends acknowledged by the master; their commit-log offsets. */
    private static List<Long> sendAll(DefaultMQProducer producer, String master) throws Exception {
        List<Long> offsets = new ArrayList<>();
        for (int i = 0; i < MESSAGES; i++) {
            AtomicReference<SendResult> sent = new AtomicReference<>();
            String body = "m" + i;
            Await.until(WAIT, () -> sendOnce(producer, body, sent, master), "send " + i);
            offsets.add(MessageDecoder.decodeMessageId(sent.get().getOffsetMsgId()).getOffset());
        }
        return offsets;
    }

    /** One send of {@code body}; true when SEND_OK and stored by {@code storer}. */
    private static boolean sendOnce(
            DefaultMQProducer producer,
            String body,
            AtomicReference<SendResult> sent,
            String storer) {
        try {
            SendResult result =
                    producer.send(new Message(TOPIC, body.getBytes(StandardCharsets.UTF_8)));
            sent.set(result);
            return result.getSendStatus() == SendStatus.SEND_OK
                    && storer.equals(
                            MessageDecoder.decodeMessageId(result.getOffsetMsgId())
                                    .getAddress()
                                    .toString()
                                    .replaceFirst("^/", ""));
        } catch (Exception e) {
            return false;
        }
    }

    private static void assertOnReplica(Wire wire, String replica, List<Long> offsets) {
        for (int i = 0; i < offsets.size(); i++) {
            long offset = offsets.get(i);
            Await.until(WAIT, () -> wire.view(replica, offset) != null, "message on the slave");
            MessageExt copy = wire.view(replica, offset);
            assertThat(new String(copy.getBody(), StandardCharsets.UTF_8)).isEqualTo("m" + i);
            assertThat(copy.getTopic()).isEqualTo(TOPIC);
        }
    }

    /** What the controller says of the group (CONTROLLER_GET_REPLICA_INFO, 1004). */
    private record Replicas(
            Long masterId, String address, int masterEpoch, java.util.Set<Long> syncStateSet) {}

    private static Replicas replicaInfo(ControllerCalls calls, String controller) {
        try {
            RemotingCommand answer = calls.replicaInfo(controller, GROUP);
            if (answer.getCode() != 0) {
                return new Replicas(null, null, -1, java.util.Set.of());
            }
            GetReplicaInfoResponseHeader h =
                    answer.decodeCommandCustomHeader(GetReplicaInfoResponseHeader.class);
            SyncStateSet set = RemotingSerializable.decode(answer.getBody(), SyncStateSet.class);
            return new Replicas(
                    h.getMasterBrokerId(),
                    h.getMasterAddress(),
                    h.getMasterEpoch(),
                    set.getSyncStateSet());
        } catch (Exception e) {
            return new Replicas(null, null, -1, java.util.Set.of());
        }
    }
}
