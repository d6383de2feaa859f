package io.bolide.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.config.BrokerConfig;
import io.bolide.testsupport.Await;
import io.bolide.testsupport.LeakCheck;
import io.bolide.testsupport.Moto;
import io.bolide.testsupport.Scrape;
import io.bolide.testsupport.Toxiproxy;
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
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.apache.rocketmq.remoting.protocol.SerializeType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tiered storage (#36) with real faults between the broker and moto's S3 server, injected by
 * toxiproxy: five seconds of latency on every answer (sends go on while uploads crawl), then a dead
 * endpoint (sends refused with the reference's SERVICE_NOT_AVAILABLE once the local budget is
 * full), then the endpoint back (the broker resumes by itself, and every acknowledged message is
 * there, in order, read partly through the tier). 64 KiB segments, a two-segment budget.
 */
@ExtendWith(LeakCheck.class)
class TieredFaultsTest {
    private static final int SEGMENT = 64 << 10;
    private static final long BUDGET = 2L * SEGMENT;
    private static final String TOPIC = "TieredFaults";

    @TempDir Path dir;
    private final List<String> acked = new ArrayList<>();

    @Test
    void slowThenDeadObjectStore() throws Exception {
        try (Moto moto = Moto.startOrSkip(dir.resolve("moto.log"));
                Toxiproxy proxy = Toxiproxy.startOrSkip(moto.port(), dir.resolve("toxi.log"))) {
            moto.createBucket("bolide");
            Broker broker = Broker.start(config("http://127.0.0.1:" + proxy.port()));
            try (ApacheCalls apache = new ApacheCalls(broker.address(), SerializeType.ROCKETMQ)) {
                // Latency: an upload (a PUT and its read-back) takes ten seconds or more, yet
                // three segments' worth of sends are all answered before the first one counts.
                proxy.latency(5_000);
                for (int i = 0; i < 150; i++) {
                    assertThat(send(apache).getCode()).isEqualTo(ResponseCode.SUCCESS);
                }
                assertThat(metric(broker, "bolide_tier_uploaded_objects_total")).isZero();
                assertThat(localBytes()).isGreaterThan(BUDGET);
                proxy.restore();
                Await.until(
                        Duration.ofSeconds(60),
                        () -> localBytes() <= BUDGET + SEGMENT,
                        "uploads catching up once the latency is gone");

                // Dead endpoint: nothing can be offloaded, so once the budget is full sends are
                // refused, with the store's 14 and a remark saying why.
                proxy.disable();
                RemotingCommand refused = null;
                for (int i = 0; i < 3_000 && refused == null; i++) {
                    RemotingCommand response = send(apache);
                    if (response.getCode() != ResponseCode.SUCCESS) {
                        refused = response;
                    }
                }
                assertThat(refused).as("a send refused with the object store down").isNotNull();
                assertThat(refused.getCode()).isEqualTo(ResponseCode.SERVICE_NOT_AVAILABLE);
                assertThat(refused.getRemark()).contains("tieredStoreLocalBudget");
                assertThat(localBytes()).isGreaterThan(BUDGET);
                assertThat(metric(broker, "bolide_tier_refusing_writes")).isEqualTo(1);
                // The lag is counted at the start of each upload round: the refusal may come before
                // the next round has counted the segments sealed since the last successful one.
                Await.until(
                        Duration.ofSeconds(30),
                        () -> metric(broker, "bolide_tier_upload_lag_bytes") > 0,
                        "an upload round counting the segments the dead store holds back");

                // Back: the broker resumes by itself, uploads and evicts, and serves everything.
                proxy.restore();
                Await.until(
                        Duration.ofSeconds(60),
                        () -> send(apache).getCode() == ResponseCode.SUCCESS,
                        "sends accepted again once the object store is back");
                Await.until(
                        Duration.ofSeconds(60),
                        () -> localBytes() <= BUDGET + SEGMENT,
                        "the local commit log back near its budget");
                apache.awaitDispatched(TOPIC, 0, acked.size());
                assertThat(pullAll(apache)).containsExactlyElementsOf(acked);
                assertThat(metric(broker, "bolide_tier_refusing_writes")).isZero();
                assertThat(metric(broker, "bolide_tier_reads_total")).isPositive();
            } finally {
                broker.close();
            }
        }
    }

    /** Sends the next message; an acknowledged one joins {@link #acked}. */
    private RemotingCommand send(ApacheCalls apache) {
        String body = acked.size() + ":" + "y".repeat(900 + acked.size() % 400);
        try {
            RemotingCommand response = apache.sendV2(TOPIC, 0, "T", body);
            if (response.getCode() == ResponseCode.SUCCESS) {
                acked.add(body);
            }
            return response;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
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
                .set("tieredStoreLocalBudget", Long.toString(BUDGET))
                .set("tieredStoreOffloadInterval", "50")
                .set("metricsExporterType", "PROM")
                .set("metricsPromExporterHost", "127.0.0.1")
                .set("metricsPromExporterPort", "0")
                .build();
    }

    private static double metric(Broker broker, String name) {
        return TieredPullTest.value(Scrape.metrics(broker.metricsPort()), name);
    }

    private List<String> pullAll(ApacheCalls apache) throws Exception {
        List<String> bodies = new ArrayList<>();
        long offset = 0;
        while (offset < acked.size()) {
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
