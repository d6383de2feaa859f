package io.bolide.broker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.bolide.broker.config.BrokerConfig;
import io.bolide.testsupport.Await;
import io.bolide.testsupport.LeakCheck;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
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
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * A broker with tiered storage (#36) on moto's S3 server: 64 KiB segments and a two-segment local
 * budget, messages sent over many segments, the old ones offloaded and evicted, then pulled from
 * offset 0 with Apache's remoting client, every body as sent, before and after a restart. Skipped,
 * saying how to install it, without moto (tier/target/motovenv).
 */
@ExtendWith(LeakCheck.class)
class TieredPullTest {
    private static final int SEGMENT = 64 << 10;
    private static final int MESSAGES = 300;
    private static final String TOPIC = "Tiered";

    @TempDir Path dir;

    @Test
    void aConsumerFromOffsetZeroReadsEverythingThroughTheTier() throws Exception {
        Path venv = Path.of("..", "tier", "target", "motovenv").toAbsolutePath().normalize();
        Path server = venv.resolve("bin").resolve("moto_server");
        assumeTrue(
                Files.isExecutable(server),
                "no moto at "
                        + server
                        + "; python3 -m venv tier/target/motovenv &&"
                        + " tier/target/motovenv/bin/pip install 'moto[server]'");
        int port;
        try (ServerSocket probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        Process moto =
                new ProcessBuilder(server.toString(), "-H", "127.0.0.1", "-p", "" + port)
                        .redirectErrorStream(true)
                        .redirectOutput(dir.resolve("moto.log").toFile())
                        .start();
        try {
            Await.until(Duration.ofSeconds(60), () -> accepting(port), "moto on " + port);
            String endpoint = "http://127.0.0.1:" + port;
            createBucket(endpoint, "bolide");
            List<String> sent = new ArrayList<>();
            Broker broker = Broker.start(config(endpoint));
            try (ApacheCalls apache = new ApacheCalls(broker.address(), SerializeType.ROCKETMQ)) {
                for (int i = 0; i < MESSAGES; i++) {
                    String body = i + ":" + "x".repeat(700 + i % 500);
                    RemotingCommand response = apache.sendV2(TOPIC, 0, "T", body);
                    assertThat(response.getCode()).as(response.getRemark()).isZero();
                    sent.add(body);
                }
                apache.awaitDispatched(TOPIC, 0, MESSAGES);
                Await.until(
                        Duration.ofSeconds(60),
                        () -> localBytes() <= 2L * SEGMENT,
                        "the local commit log within its budget");
                assertThat(pullAll(apache)).containsExactlyElementsOf(sent);
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
        } finally {
            moto.destroyForcibly().waitFor();
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
                .set("tieredStoreLocalBudget", Long.toString(2L * SEGMENT))
                .set("tieredStoreOffloadInterval", "50")
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

    private static boolean accepting(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static void createBucket(String endpoint, String bucket) {
        try (S3Client client =
                S3Client.builder()
                        .httpClient(UrlConnectionHttpClient.create())
                        .region(Region.US_EAST_1)
                        .forcePathStyle(true)
                        .endpointOverride(URI.create(endpoint))
                        .credentialsProvider(
                                StaticCredentialsProvider.create(
                                        AwsBasicCredentials.create("test", "test")))
                        .build()) {
            client.createBucket(b -> b.bucket(bucket));
        }
    }
}
