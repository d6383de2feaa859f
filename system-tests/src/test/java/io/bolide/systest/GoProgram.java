package io.bolide.systest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * The Go client harness (src/test/go: the official github.com/apache/rocketmq-client-go/v2, pinned
 * in go.mod), built with the installed Go toolchain and run as a child process. A test that needs
 * it is skipped only when there is no toolchain (CI installs one).
 */
final class GoProgram {
    private static final Path SOURCE = Path.of("src", "test", "go");
    private static final List<String> KNOWN_GO =
            List.of("/usr/local/go/bin/go", "/usr/lib/go/bin/go", "/usr/bin/go");

    private final Path binary;

    private GoProgram(Path binary) {
        this.binary = binary;
    }

    /** Builds the harness, or skips the calling test when there is no Go toolchain. */
    static GoProgram buildOrSkip() throws Exception {
        String go = findGo();
        Assumptions.assumeTrue(
                go != null, "no Go toolchain (go on PATH or " + KNOWN_GO + "): Go client not run");
        return new GoProgram(build(go));
    }

    /** Runs the harness with {@code args}; its output lines, once it exited with 0. */
    List<String> run(String... args) throws Exception {
        List<String> command = new ArrayList<>();
        command.add(binary.toString());
        command.addAll(List.of(args));
        return exec(new ProcessBuilder(command), 120);
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
        // One binary per test JVM: two forks building into one path would race on it.
        Path binary =
                Path.of("target", "go-client-" + ProcessHandle.current().pid(), "goclient")
                        .toAbsolutePath();
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
