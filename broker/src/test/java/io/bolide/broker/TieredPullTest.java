package io.bolide.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.config.BrokerConfig;
import io.bolide.testsupport.Await;
import io.bolide.testsupport.LeakCheck;
import io.bolide.testsupport.Moto;
import io.bolide.testsupport.Scrape;
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
 * A broker with tiered storage (#36) on moto's S3 server: 64 KiB segments and a two-segment local
 * budget, messages sent over many segments, the old ones offloaded and evicted, then pulled from
 * offset 0 with Apache's remoting client, every body as sent, before and after a restart, and the
 * tier's families in the metrics endpoint. Skipped, saying how to install it, without moto
 * (tier/target/motovenv).
 */
@ExtendWith(LeakCheck.class)
class TieredPullTest {
    private static final int SEGMENT = 64 << 10;
    private static final int MESSAGES = 300;
    private static final String TOPIC = "Tiered";

    @TempDir Path dir;

    @Test
    void aConsumerFromOffsetZeroReadsEverythingThroughTheTier() throws Exception {
        try (Moto moto = Moto.startOrSkip(dir.resolve("moto.log"))) {
            moto.createBucket("bolide");
            String endpoint = moto.endpoint();
            List<String> sent = new ArrayList<>();
            Broker broker = Broker.start(config(endpoint));
            try (ApacheCalls apache = new ApacheCalls(broker.address(), SerializeType.ROCKETMQ)) {
                for (int i = 0; i < MESSAGES; i++) {
                    String body = i + ":" + "x".repeat(700 + i % 500);
                    TieredSends.send(apache, TOPIC, 0, body);
                    sent.add(body);
                }
                apache.awaitDispatched(TOPIC, 0, MESSAGES);
                Await.until(
                        Duration.ofSeconds(60),
                        () -> localBytes() <= 2L * SEGMENT,
                        "the local commit log within its budget");
                assertThat(pullAll(apache)).containsExactlyElementsOf(sent);
                assertTierMetrics(Scrape.metrics(broker.metricsPort()));
            } finally {
                broker.close();
            }
            broker = Broker.start(config(endpoint));
            try (ApacheCalls apache = new ApacheCalls(broker.address(), SerializeType.ROCKETMQ)) {
                assertThat(localBytes()).isLessThanOrEqualTo(2L * SEGMENT);
                assertThat(pullAll(apache)).containsExactlyElementsOf(sent);
            } finally {
                broker.close();
            }
        }
    }

    /**
     * The tier's families after the pulls above: segments uploaded (every one but the last two, at
     * least), nothing waiting, reads served from the tier with their GETs timed, and a cache that
     * hit (4 KiB-ish records in 1 MiB blocks, so most lookups are hits), every GET timed.
     */
    private static void assertTierMetrics(String text) throws Exception {
        assertThat(value(text, "bolide_tier_uploaded_objects_total")).isGreaterThanOrEqualTo(3);
        assertThat(value(text, "bolide_tier_uploaded_bytes_total"))
                .isGreaterThanOrEqualTo(3.0 * SEGMENT);
        assertThat(value(text, "bolide_tier_evicted_segments_total")).isGreaterThanOrEqualTo(1);
        assertThat(value(text, "bolide_tier_reads_total")).isGreaterThan(0);
        // Every GET is timed: a reader's (a miss) or the read-ahead's (one may be on its way).
        double misses = value(text, "bolide_tier_cache_misses_total");
        double ahead = value(text, "bolide_tier_read_ahead_blocks_total");
        assertThat(value(text, "bolide_tier_read_latency_count"))
                .isBetween(misses + ahead, misses + ahead + 1)
                .isGreaterThan(0);
        assertThat(value(text, "bolide_tier_read_ahead_hits_total")).isLessThanOrEqualTo(ahead);
        assertThat(value(text, "bolide_tier_cache_hit_ratio")).isGreaterThan(0).isLessThan(1);
        assertThat(value(text, "bolide_tier_upload_lag_bytes")).isGreaterThanOrEqualTo(0);
        if (Scrape.promtoolAvailable()) {
            assertThat(Scrape.promtoolProblems(text)).isEmpty();
        }
    }

    /** The value of the one series of {@code name} in the exposition {@code text}. */
    static double value(String text, String name) {
        for (String line : text.split("\n")) {
            if (line.startsWith(name + "{") || line.startsWith(name + " ")) {
                return Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
            }
        }
        throw new AssertionError("no " + name + " in the scrape");
    }

    private BrokerConfig config(String endpoint) {
        return TestBrokers.config(dir.resolve("broker"))
                .set("mapedFileSizeCommitLog", Integer.toString(SEGMENT))
                .set("maxMessageSize", "4096")
                .set("tieredBackendServiceProvider", "s3")
                .set("objectStoreEndpoint", endpoint)
                .set("objectStoreBucket", "bolide")
                .set("objectStoreAccessKey", "test")
                .set("objectStoreSecretKey", "test")
                .set("tieredStoreLocalBudget", Long.toString(2L * SEGMENT))
                .set("tieredStoreOffloadInterval", "50")
                .set("metricsExporterType", "PROM")
                .set("metricsPromExporterHost", "127.0.0.1")
                .set("metricsPromExporterPort", "0")
                .build();
    }

    /** Every body of the queue from offset 0, in order, pulled 32 at a time. */
    private static List<String> pullAll(ApacheCalls apache) throws Exception {
        List<String> bodies = new ArrayList<>();
        long offset = 0;
        while (offset < MESSAGES) {
            RemotingCommand pulled = apache.pull(TOPIC, 0, offset, "*", 0);
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

    private long localBytes() {
        try (Stream<Path> files = Files.list(dir.resolve("broker").resolve("commitlog"))) {
            return files.mapToLong(f -> f.toFile().length()).sum();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
