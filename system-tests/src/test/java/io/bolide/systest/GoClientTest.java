package io.bolide.systest;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.embedded.BolideExtension;
import io.bolide.embedded.NameServerAddress;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.message.Message;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The official Go client (github.com/apache/rocketmq-client-go/v2, pinned in src/test/go/go.mod)
 * against Bolide: it sends 20 messages with tags and keys (SEND_MESSAGE with long header keys, JSON
 * headers, language GO) and consumes them with a push consumer (pulls carrying their subscription).
 * The Go program is built here with the installed Go toolchain; the test is skipped only when there
 * is none (CI installs one).
 */
@ExtendWith(BolideExtension.class)
class GoClientTest {
    private static final int COUNT = 20;
    private static final Path SOURCE = Path.of("src", "test", "go");
    private static final List<String> KNOWN_GO =
            List.of("/usr/local/go/bin/go", "/usr/lib/go/bin/go", "/usr/bin/go");

    @Test
    void shouldProduceAndPushConsumeWithTheGoClient(@NameServerAddress String nameServer)
            throws Exception {
        String go = findGo();
        Assumptions.assumeTrue(
                go != null, "no Go toolchain (go on PATH or " + KNOWN_GO + "): Go client not run");
        Path binary = build(go);
        String topic = "GoClientTopic";
        createTopic(nameServer, topic);

        List<String> output =
                run(binary.toString(), nameServer, topic, "go-push-group", Integer.toString(COUNT));

        List<String> expected = new ArrayList<>();
        for (int i = 0; i < COUNT; i++) {
            String tag = i % 2 == 0 ? "TagA" : "TagB";
            expected.add("RECEIVED key=go-key-" + i + " tag=" + tag + " body=go body " + i);
        }
        assertThat(output).containsAll(expected).contains("OK " + COUNT);
    }

    /**
     * The Java producer creates the topic (auto-creation from TBW102) with a message the Go
     * consumer's tag filter skips, so the Go side starts with a route to look up.
     */
    private static void createTopic(String nameServer, String topic) throws Exception {
        DefaultMQProducer producer = Clients.startedProducer(nameServer, "go-topic-creator");
        try {
            producer.send(new Message(topic, "Warmup", "warmup", new byte[] {1}));
        } finally {
            producer.shutdown();
        }
    }

    private static String findGo() {
        String path = System.getenv("PATH");
        List<String> candidates = new ArrayList<>();
        if (path != null) {
            for (String dir : path.split(File.pathSeparator)) {
                candidates.add(Path.of(dir, "go").toString());
            }
        }
        candidates.addAll(KNOWN_GO);
        for (String candidate : candidates) {
            if (Files.isExecutable(Path.of(candidate))) {
                return candidate;
            }
        }
        return null;
    }

    private static Path build(String go) throws Exception {
        Path binary = Path.of("target", "go-client", "goclient").toAbsolutePath();
        ProcessBuilder builder =
                new ProcessBuilder(
                                go,
                                "build",
                                "-mod=readonly",
                                "-modcacherw",
                                "-o",
                                binary.toString(),
                                ".")
                        .directory(SOURCE.toFile());
        // Never fetch a newer toolchain: use the installed one (the module asks for 1.19).
        builder.environment().put("GOTOOLCHAIN", "local");
        if (System.getenv("HOME") == null) {
            // Go derives its build and module caches from HOME; CI may run without one.
            Path caches = Path.of("target", "go-home").toAbsolutePath();
            builder.environment().putIfAbsent("GOCACHE", caches.resolve("cache").toString());
            builder.environment().putIfAbsent("GOPATH", caches.resolve("path").toString());
        }
        List<String> output = exec(builder, 300);
        assertThat(Files.isExecutable(binary)).as("go build output: %s", output).isTrue();
        return binary;
    }

    private static List<String> run(String... command) throws Exception {
        return exec(new ProcessBuilder(command), 120);
    }

    private static List<String> exec(ProcessBuilder builder, long timeoutSeconds)
            throws IOException, InterruptedException {
        Path log = Files.createTempFile("bolide-go-", ".log");
        try {
            Map<String, String> env = builder.environment();
            env.putIfAbsent("GOFLAGS", "-buildvcs=false");
            Process process =
                    builder.redirectErrorStream(true).redirectOutput(log.toFile()).start();
            boolean finished = process.waitFor(timeoutSeconds, TimeUnit.SECONDS);
            if (!finished) {
                process.destroyForcibly();
            }
            List<String> output = Files.readAllLines(log, StandardCharsets.UTF_8);
            assertThat(finished)
                    .as("%s finished in %d s: %s", builder.command(), timeoutSeconds, output)
                    .isTrue();
            assertThat(process.exitValue())
                    .as("%s exit code; output: %s", builder.command(), output)
                    .isZero();
            return output;
        } finally {
            Files.deleteIfExists(log);
        }
    }
}
