package io.bolide.interop;

import static org.assertj.core.api.Assertions.assertThat;

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
import org.apache.rocketmq.remoting.protocol.body.SyncStateSet;
import org.apache.rocketmq.remoting.protocol.header.controller.GetReplicaInfoResponseHeader;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two Apache RocketMQ 5.5.0 brokers of one group in controller mode (the reference's keys) under
 * Bolide's controller, embedded in a Bolide name server: they get ids, one is master and the other
 * its slave, the SyncStateSet grows to both, what the official producer sends is on the slave, and
 * when the master is killed Bolide's controller elects the slave and sends succeed on it.
 */
@Tag("client-version-independent")
class ControllerInteropTest {
    private static final String GROUP = "broker-a";
    private static final String TOPIC = "CtlInterop";
    private static final int MESSAGES = 20;
    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir Path dir;

    @Test
    void shouldFailOverAnApacheGroupUnderABolideController() throws Exception {
        String raft = "127.0.0.1:" + ApacheBroker.freePortPair();
        String controller = "127.0.0.1:" + ApacheBroker.freePortPair();
        try (NameServer ns = NameServer.start(nameServer(raft, controller));
                ControllerCalls calls = new ControllerCalls()) {
            Await.until(WAIT, ns.controller()::isLeader, "Bolide's controller leads");
            String namesrv = "127.0.0.1:" + ns.port();
            int firstPort = ApacheBroker.freePortPair();
            try (ApacheBroker first =
                    ApacheBroker.start(
                            dir.resolve("first"), firstPort, broker(namesrv, controller))) {
                Await.until(
                        WAIT,
                        () -> first.address().equals(replicaInfo(calls, controller).address()),
                        "the first broker elected master" + first.output());
                int secondPort = ApacheBroker.freePortPair();
                try (ApacheBroker second =
                        ApacheBroker.start(
                                dir.resolve("second"), secondPort, broker(namesrv, controller))) {
                    Await.until(
                            WAIT,
                            () -> replicaInfo(calls, controller).syncStateSet().size() == 2,
                            "the SyncStateSet grown to both brokers" + second.output());
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
