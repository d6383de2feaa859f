package io.bolide.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.Broker;
import io.bolide.broker.config.BrokerConfig;
import io.bolide.testsupport.Await;
import io.bolide.testsupport.ClientVersionDependent;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RemotingSerializable;
import org.apache.rocketmq.remoting.protocol.body.HARuntimeInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Classic HA between Bolide and Apache RocketMQ 5.5.0 (a child process), both ways: every message
 * sent to the master is read back unchanged from the slave (body, properties, keys, queue offset,
 * commit-log offset), across a commit-log segment boundary, and the slave's consume queues count
 * them all (docs/replication.md); then both report the link alike in GET_BROKER_HA_STATUS.
 */
@ClientVersionDependent
class ReplicationInteropTest {
    private static final int SEGMENT = 1024 * 1024;
    private static final int MESSAGES = 240;
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final String TOPIC = "Interop";

    @TempDir Path dir;

    private static BrokerConfig.Builder bolide(Path store, String role) {
        return BrokerConfig.builder()
                .storePathRootDir(store)
                .listenPort(0)
                .brokerIP1("127.0.0.1")
                .set("bindAddress", "127.0.0.1")
                .set("mapedFileSizeCommitLog", Integer.toString(SEGMENT))
                .set("brokerRole", role);
    }

    /** 240 messages of about 6 KiB: more than one 1 MiB segment. */
    private static List<Long> sendAll(Wire wire, String master) throws Exception {
        List<Long> offsets = new ArrayList<>();
        for (int i = 0; i < MESSAGES; i++) {
            RemotingCommand answer = wire.send(master, TOPIC, i % 4, i, i + ":" + "x".repeat(6000));
            assertThat(answer.getCode()).as(answer.getRemark()).isZero();
            String msgId = answer.getExtFields().get("msgId");
            offsets.add(MessageDecoder.decodeMessageId(msgId).getOffset());
        }
        return offsets;
    }

    private static void assertSameMessages(
            Wire wire, String master, String slave, List<Long> offsets) throws Exception {
        Await.until(
                WAIT,
                () -> wire.view(slave, offsets.get(offsets.size() - 1)) != null,
                "the last message on the slave");
        for (int i = 0; i < offsets.size(); i++) {
            MessageExt original = wire.view(master, offsets.get(i));
            MessageExt copy = wire.view(slave, offsets.get(i));
            assertThat(copy).as("message %d on the slave", i).isNotNull();
            assertThat(copy.getBody()).isEqualTo(original.getBody());
            assertThat(copy.getTopic()).isEqualTo(TOPIC);
            assertThat(copy.getProperties()).isEqualTo(original.getProperties());
            assertThat(copy.getKeys()).isEqualTo("K" + i + " common");
            assertThat(copy.getQueueId()).isEqualTo(original.getQueueId());
            assertThat(copy.getQueueOffset()).isEqualTo(original.getQueueOffset());
            assertThat(copy.getCommitLogOffset()).isEqualTo(offsets.get(i));
            assertThat(copy.getBodyCRC()).isEqualTo(original.getBodyCRC());
        }
        for (int queue = 0; queue < 4; queue++) {
            int q = queue;
            Await.until(
                    WAIT,
                    () -> wire.maxOffset(slave, TOPIC, q) == MESSAGES / 4,
                    "queue " + q + " dispatched on the slave");
        }
    }

    /** Waits until the master's HA status shows its slave acknowledging its whole log. */
    private static void awaitAcked(Wire wire, String master) {
        Await.until(WAIT, () -> acked(wire, master), "the slave acknowledges the whole log");
    }

    private static boolean acked(Wire wire, String master) {
        try {
            RemotingCommand answer = wire.call(master, 907, null, null);
            HARuntimeInfo info = RemotingSerializable.decode(answer.getBody(), HARuntimeInfo.class);
            return info.getHaConnectionInfo().size() == 1
                    && info.getHaConnectionInfo().get(0).getDiff() == 0;
        } catch (Exception e) {
            return false;
        }
    }

    /**
     * A 5.5.0 slave ignores {@code haMasterAddress} (its broker hands the address to the HA client
     * before the store has created it), so it learns the master's HA address as deployed: from the
     * name server both register with.
     */
    @Test
    void shouldFeedAnApacheSlaveFromABolideMaster() throws Exception {
        int nsPort = ApacheBroker.freePortPair();
        try (ApacheBroker ns = ApacheBroker.nameServer(dir.resolve("namesrv"), nsPort)) {
            Broker master =
                    Broker.start(
                            bolide(dir.resolve("bolide"), "ASYNC_MASTER")
                                    .set("namesrvAddr", ns.address())
                                    .build());
            int port = ApacheBroker.freePortPair();
            try (Wire wire = new Wire();
                    ApacheBroker slave =
                            ApacheBroker.start(
                                    dir.resolve("apache"),
                                    port,
                                    Map.of(
                                            "brokerId",
                                            "1",
                                            "brokerRole",
                                            "SLAVE",
                                            "namesrvAddr",
                                            ns.address(),
                                            "mappedFileSizeCommitLog",
                                            Integer.toString(SEGMENT)))) {
                // Connected first, it receives everything (an empty slave that connects later
                // starts at the master's last segment).
                Await.until(WAIT, () -> master.connectedSlaves() == 1, "the Apache slave's link");
                List<Long> offsets = sendAll(wire, master.address());
                assertThat(offsets.get(offsets.size() - 1)).isGreaterThan(SEGMENT);
                assertSameMessages(wire, master.address(), slave.address(), offsets);
                awaitAcked(wire, master.address());
                HaStatusPeers.assertAgree(wire, master.address(), slave.address());
            } finally {
                master.close();
            }
        }
    }

    @Test
    void shouldFeedABolideSlaveFromAnApacheMaster() throws Exception {
        int port = ApacheBroker.freePortPair();
        try (Wire wire = new Wire();
                ApacheBroker master =
                        ApacheBroker.start(
                                dir.resolve("apache"),
                                port,
                                Map.of(
                                        "brokerId", "0",
                                        "brokerRole", "ASYNC_MASTER",
                                        "mappedFileSizeCommitLog", Integer.toString(SEGMENT)))) {
            master.awaitHaPort();
            Broker slave =
                    Broker.start(
                            bolide(dir.resolve("bolide"), "SLAVE")
                                    .set("brokerId", "1")
                                    .set("haMasterAddress", "127.0.0.1:" + master.haPort())
                                    .build());
            try {
                Await.until(WAIT, slave::linkedToMaster, "the Bolide slave's link");
                List<Long> offsets = sendAll(wire, master.address());
                assertThat(offsets.get(offsets.size() - 1)).isGreaterThan(SEGMENT);
                assertSameMessages(wire, master.address(), slave.address(), offsets);
                awaitAcked(wire, master.address());
                HaStatusPeers.assertAgree(wire, master.address(), slave.address());
            } finally {
                slave.close();
            }
        }
    }
}
