package io.bolide.broker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bolide.broker.config.BrokerConfig;
import io.bolide.store.EpochEntry;
import io.bolide.store.MessageStore;
import io.bolide.testsupport.Await;
import io.bolide.testsupport.LeakCheck;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.apache.rocketmq.remoting.protocol.SerializeType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Controller mode without a controller: roles changed through the broker's switch API, epochs in
 * each broker's epoch file, and a returning old master cut back to the new master's history.
 */
@ExtendWith(LeakCheck.class)
class RoleSwitchTest {
    private static final Duration WAIT = Duration.ofSeconds(15);
    private static final int SEGMENT = 64 * 1024;
    private static final String TOPIC = "Switched";

    @TempDir Path aDir;
    @TempDir Path bDir;

    private static BrokerConfig.Builder config(Path dir) {
        return TestBrokers.config(dir).set("mapedFileSizeCommitLog", Integer.toString(SEGMENT));
    }

    private static BrokerConfig slave(Path dir, String masterHa) {
        return config(dir)
                .set("brokerRole", "SLAVE")
                .set("brokerId", "1")
                .set("haMasterAddress", masterHa)
                .build();
    }

    @Test
    void shouldCutTheOldMastersUnreplicatedTailAndConvergeOnTheNewMaster() throws Exception {
        Broker a = Broker.start(config(aDir).set("brokerRole", "ASYNC_MASTER").build(), 1);
        Broker b = Broker.start(slave(bDir, "127.0.0.1:" + a.haPort()), 1);
        Broker a2 = null;
        try {
            send(a, "epoch1-", 120);
            long replicated = a.replication().commitLogEnd();
            Await.until(WAIT, () -> b.replication().commitLogEnd() == replicated, "B's copy");
            // B loses A (a partition), and A takes writes B never sees: its unreplicated tail.
            b.changeToSlave("127.0.0.1:1", 1, 1);
            send(a, "tail-", 80);
            long aEnd = a.replication().commitLogEnd();
            assertThat(aEnd).isGreaterThan(replicated + SEGMENT);
            a.close();

            b.changeToMaster(2, 2);
            assertThat(b.epochs())
                    .containsExactly(new EpochEntry(1, 0), new EpochEntry(2, replicated));
            send(b, "epoch2-", 50);
            long bEnd = b.replication().commitLogEnd();

            a2 = Broker.start(slave(aDir, "127.0.0.1:" + b.haPort()), 2);
            Broker follower = a2;
            Await.until(
                    WAIT, () -> follower.replication().commitLogEnd() == bEnd, "A's convergence");
            assertThat(a2.epochs()).isEqualTo(b.epochs());
            try (ApacheCalls fromA = new ApacheCalls(a2.address(), SerializeType.JSON);
                    ApacheCalls fromB = new ApacheCalls(b.address(), SerializeType.JSON)) {
                for (int q = 0; q < 4; q++) {
                    long expected = fromB.maxOffset(TOPIC, q);
                    fromA.awaitDispatched(TOPIC, q, expected);
                    assertThat(fromA.maxOffset(TOPIC, q)).isEqualTo(expected);
                }
            }
            a2.close();
            b.close();
            assertSameLog(aDir, bDir, bEnd);
        } finally {
            if (a2 != null) {
                a2.close();
            }
            b.close();
            a.close();
        }
    }

    @Test
    void shouldSwitchBackAndForthOnTheSameStoreAndStillCutTheUnconfirmedTail() throws Exception {
        Broker a = Broker.start(config(aDir).set("brokerRole", "ASYNC_MASTER").build(), 1);
        Broker b = Broker.start(slave(bDir, "127.0.0.1:" + a.haPort()), 1);
        try {
            MessageStore aStore = a.store();
            MessageStore bStore = b.store();
            send(a, "epoch1-", 120);
            long replicated = a.replication().commitLogEnd();
            Await.until(WAIT, () -> b.replication().commitLogEnd() == replicated, "B's copy");
            // B loses A, and A takes writes B never sees: a tail no replica confirmed.
            b.changeToSlave("127.0.0.1:1", 1, 1);
            send(a, "tail-", 80);
            long tailEnd = a.replication().commitLogEnd();
            assertThat(tailEnd).isGreaterThan(replicated + SEGMENT);

            b.changeToMaster(2, 2); // SLAVE -> MASTER in place: its log kept, to its end
            assertThat(b.epochs())
                    .containsExactly(new EpochEntry(1, 0), new EpochEntry(2, replicated));
            assertFirstRecord(b, "epoch1-0");
            send(b, "epoch2-", 50);
            long bEnd = b.replication().commitLogEnd();

            a.changeToSlave("127.0.0.1:" + b.haPort(), 2, 1); // MASTER -> SLAVE: tail cut
            Await.until(WAIT, () -> a.replication().commitLogEnd() == bEnd, "A's convergence");
            assertThat(bEnd).as("A's tail cut back").isLessThan(tailEnd);
            assertThat(a.epochs()).isEqualTo(b.epochs());

            b.changeToSlave("127.0.0.1:1", 2, 1);
            a.changeToMaster(3, 3); // and back: A serves what B wrote in epoch 2
            assertThat(a.epochs()).endsWith(new EpochEntry(3, bEnd));
            assertFirstRecord(a, "epoch1-0");
            b.changeToSlave("127.0.0.1:" + a.haPort(), 3, 1);
            send(a, "epoch3-", 20);
            long aEnd = a.replication().commitLogEnd();
            Await.until(WAIT, () -> b.replication().commitLogEnd() == aEnd, "B's copy of 3");
            try (ApacheCalls fromA = new ApacheCalls(a.address(), SerializeType.JSON)) {
                long[] expected = {30 + 13 + 5, 30 + 13 + 5, 30 + 12 + 5, 30 + 12 + 5};
                for (int q = 0; q < 4; q++) {
                    assertThat(fromA.maxOffset(TOPIC, q)).as("queue " + q).isEqualTo(expected[q]);
                }
            }
            assertThat(a.store()).as("A's store, not reopened").isSameAs(aStore);
            assertThat(b.store()).as("B's store, not reopened").isSameAs(bStore);
            a.close();
            b.close();
            assertSameLog(bDir, aDir, aEnd);
        } finally {
            b.close();
            a.close();
        }
    }

    /** The master serves the first record of queue 0, written before its role switches. */
    private static void assertFirstRecord(Broker master, String body) throws Exception {
        try (ApacheCalls calls = new ApacheCalls(master.address(), SerializeType.ROCKETMQ)) {
            BrokerReplicationTest.createTopic(calls, TOPIC); // a slave's copy may not have it yet
            calls.awaitDispatched(TOPIC, 0, 1);
            var response = calls.pull(TOPIC, 0, 0, "*", 0);
            assertThat(response.getBody()).as(response.toString()).isNotNull();
            var pulled = ApacheCalls.decode(response);
            assertThat(new String(pulled.get(0).getBody(), StandardCharsets.UTF_8))
                    .startsWith(body + "-");
        }
    }

    @Test
    void shouldRefuseWritesWithTooFewInSyncAndWaitForEveryInSyncSlave() throws Exception {
        BrokerConfig masterConfig =
                config(aDir)
                        .set("brokerRole", "SYNC_MASTER")
                        .set("minInSyncReplicas", "2")
                        .set("allAckInSyncStateSet", "true")
                        .build();
        Broker a = Broker.start(masterConfig, 1);
        Broker b = null;
        try (ApacheCalls calls = new ApacheCalls(a.address(), SerializeType.ROCKETMQ)) {
            BrokerReplicationTest.createTopic(calls, TOPIC);
            long before = a.replication().commitLogEnd();
            var refused = calls.sendV2(TOPIC, 0, "T", "alone");
            assertThat(refused.getCode()).isNotZero();
            assertThat(refused.getRemark()).contains("IN_SYNC_REPLICAS_NOT_ENOUGH");
            assertThat(a.replication().commitLogEnd()).as("nothing stored").isEqualTo(before);

            b = Broker.start(slave(bDir, "127.0.0.1:" + a.haPort()), 1);
            Await.until(WAIT, () -> a.replication().maxAckedOffset() >= 0, "B in sync");
            for (int i = 0; i < 20; i++) {
                assertThat(calls.sendV2(TOPIC, i % 4, "T", "synced" + i).getCode()).isZero();
                // Answered SEND_OK only once every in-sync slave (B) holds it.
                assertThat(b.replication().commitLogEnd())
                        .isGreaterThanOrEqualTo(a.replication().commitLogEnd());
            }
        } finally {
            if (b != null) {
                b.close();
            }
            a.close();
        }
    }

    @Test
    void shouldServeAgainWhenASwitchThatCouldNotOpenThePartsIsTriedAgain() throws Exception {
        // The new role cannot open (its HA port is taken, as a full disk would stop the store):
        // the broker is down, not closed for good, and the controller's next try succeeds.
        ServerSocket taken = new ServerSocket(0);
        try {
            BrokerConfig slave =
                    config(bDir)
                            .set("brokerRole", "SLAVE")
                            .set("brokerId", "1")
                            .set("haMasterAddress", "127.0.0.1:1")
                            .set("haListenPort", Integer.toString(taken.getLocalPort()))
                            .build();
            Broker b = Broker.start(slave, 1);
            try {
                assertThatThrownBy(() -> b.changeToMaster(2, 2))
                        .isInstanceOfAny(IOException.class, RuntimeException.class);
                taken.close();
                b.changeToMaster(2, 2);
                send(b, "after-", 10);
                assertThat(b.epochs()).endsWith(new EpochEntry(2, 0));
            } finally {
                b.close();
            }
        } finally {
            taken.close();
        }
    }

    private static void send(Broker broker, String prefix, int count) throws Exception {
        try (ApacheCalls calls = new ApacheCalls(broker.address(), SerializeType.ROCKETMQ)) {
            BrokerReplicationTest.createTopic(calls, TOPIC);
            for (int i = 0; i < count; i++) {
                String body = prefix + i + "-".repeat(1000);
                assertThat(calls.sendV2(TOPIC, i % 4, "T", body).getCode()).isZero();
            }
        }
    }

    /** The two commit logs hold the same bytes below {@code end}. */
    private static void assertSameLog(Path left, Path right, long end) throws Exception {
        for (long base = 0; base < end; base += SEGMENT) {
            String name = String.format("%020d", base);
            byte[] l = Files.readAllBytes(left.resolve("commitlog").resolve(name));
            byte[] r = Files.readAllBytes(right.resolve("commitlog").resolve(name));
            int upTo = (int) Math.min(SEGMENT, end - base);
            assertThat(Arrays.equals(l, 0, upTo, r, 0, upTo)).as("segment " + name).isTrue();
        }
        List<Path> extra;
        try (var files = Files.list(left.resolve("commitlog"))) {
            extra = files.filter(p -> Long.parseLong(p.getFileName().toString()) >= end).toList();
        }
        assertThat(extra).as("segments past the new master's end").isEmpty();
    }
}
