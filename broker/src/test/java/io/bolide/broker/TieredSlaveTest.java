package io.bolide.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.config.BrokerConfig;
import io.bolide.testsupport.Await;
import io.bolide.testsupport.LeakCheck;
import io.bolide.testsupport.Moto;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.SerializeType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A slave catching up through its master's tier (#36, docs/tiered-storage.md): the slave copies the
 * first segment, stops, the master writes on and evicts that segment (two-segment budget, 64 KiB
 * segments, moto's S3 server), and the restarted slave, whose log ends inside the evicted segment,
 * is shipped the rest from the tier over the HA link and serves every message from offset 0.
 * Skipped without moto.
 */
@ExtendWith(LeakCheck.class)
class TieredSlaveTest {
    private static final int SEGMENT = 64 << 10;
    private static final String TOPIC = "TieredHa";
    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir Path masterDir;
    @TempDir Path slaveDir;

    @Test
    void aSlaveWhoseLogEndsInAnEvictedSegmentCatchesUpFromTheTier() throws Exception {
        try (Moto moto = Moto.startOrSkip(masterDir.resolve("moto.log"))) {
            moto.createBucket("bolide");
            List<String> sent = new ArrayList<>();
            Broker master = Broker.start(master(moto.endpoint()));
            Broker slave = null;
            try (ApacheCalls apache = new ApacheCalls(master.address(), SerializeType.ROCKETMQ)) {
                send(apache, sent, 50);
                slave = slave(master);
                Broker first = slave;
                long copied = master.replication().commitLogEnd();
                Await.until(
                        WAIT,
                        () -> first.replication().commitLogEnd() == copied,
                        "the slave's first copy");
                slave.close();
                slave = null;
                assertThat(copied).isLessThan(SEGMENT);

                send(apache, sent, 250);
                Await.until(
                        WAIT,
                        () -> localMin(masterDir) >= SEGMENT,
                        "the master's first segments evicted");
                slave = slave(master);
                Broker again = slave;
                long end = master.replication().commitLogEnd();
                Await.until(
                        WAIT,
                        () -> again.replication().commitLogEnd() == end,
                        "the slave's copy through the tier");
                try (ApacheCalls fromSlave = new ApacheCalls(slave.address(), SerializeType.JSON)) {
                    BrokerReplicationTest.createTopic(fromSlave, TOPIC);
                    fromSlave.awaitDispatched(TOPIC, 0, sent.size());
                    assertThat(pullAll(fromSlave, sent.size())).containsExactlyElementsOf(sent);
                }
            } finally {
                if (slave != null) {
                    slave.close();
                }
                master.close();
            }
        }
    }

    private static void send(ApacheCalls apache, List<String> sent, int count) throws Exception {
        for (int i = 0; i < count; i++) {
            int n = sent.size();
            String body = n + ":" + "h".repeat(900 + n % 200);
            TieredSends.send(apache, TOPIC, 0, body);
            sent.add(body);
        }
    }

    private BrokerConfig master(String endpoint) {
        return TestBrokers.config(masterDir.resolve("broker"))
                .set("brokerRole", "ASYNC_MASTER")
                .set("mapedFileSizeCommitLog", Integer.toString(SEGMENT))
                .set("maxMessageSize", "4096")
                .set("tieredBackendServiceProvider", "s3")
                .set("objectStoreEndpoint", endpoint)
                .set("objectStoreBucket", "bolide")
                .set("objectStoreAccessKey", "test")
                .set("objectStoreSecretKey", "test")
                .set("tieredStoreLocalBudget", Long.toString(2L * SEGMENT))
                .set("tieredStoreOffloadInterval", "50")
                .build();
    }

    private Broker slave(Broker master) throws Exception {
        Broker slave =
                Broker.start(
                        TestBrokers.config(slaveDir.resolve("broker"))
                                .set("brokerRole", "SLAVE")
                                .set("brokerId", "1")
                                .set("mapedFileSizeCommitLog", Integer.toString(SEGMENT))
                                .set("maxMessageSize", "4096")
                                .set("slaveReadEnable", "true")
                                .set("haMasterAddress", "127.0.0.1:" + master.haPort())
                                .build());
        Await.until(WAIT, () -> slave.haClient().connected(), "the slave's link");
        return slave;
    }

    /** The base offset of the master's first local commit-log segment. */
    private static long localMin(Path dir) {
        try (Stream<Path> files = Files.list(dir.resolve("broker").resolve("commitlog"))) {
            return files.mapToLong(f -> Long.parseLong(f.getFileName().toString()))
                    .min()
                    .orElse(-1);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every body of queue 0 from offset 0, in order. */
    private static List<String> pullAll(ApacheCalls calls, int count) throws Exception {
        List<String> bodies = new ArrayList<>();
        long offset = 0;
        while (offset < count) {
            RemotingCommand pulled = calls.pull(TOPIC, 0, offset, "*", 0);
            assertThat(pulled.getCode())
                    .as("pull at " + offset + ": " + pulled.getRemark())
                    .isZero();
            for (MessageExt message : ApacheCalls.decode(pulled)) {
                assertThat(message.getQueueOffset()).isEqualTo((long) bodies.size());
                bodies.add(new String(message.getBody(), StandardCharsets.UTF_8));
            }
            offset = Long.parseLong(pulled.getExtFields().get("nextBeginOffset"));
        }
        return bodies;
    }
}
