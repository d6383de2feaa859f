package io.bolide.interop;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.bolide.testsupport.Await;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The official Python gRPC SDK in the virtual environment {@code .ci/run} prepares (system property
 * {@code bolide.python.venv}); a test using it is skipped, saying why, where there is none.
 */
final class PythonSdk {
    static final String SETUP =
            "python3 -m venv interop/target/pyvenv && interop/target/pyvenv/bin/pip install"
                    + " rocketmq-python-client==5.1.2 (what .ci/run does)";

    /** How long a test waits for an install .ci/run started beside the build. */
    private static final Duration INSTALL = Duration.ofMinutes(10);

    private PythonSdk() {}

    /** The venv's interpreter with the SDK importable; skips the calling test otherwise. */
    static Path interpreter() throws IOException, InterruptedException {
        Path venv = Path.of(System.getProperty("bolide.python.venv", "none"));
        // .ci/run installs the SDK beside the build; wait for it rather than skip.
        Path installing = venv.resolveSibling(venv.getFileName() + ".installing");
        Await.until(INSTALL, () -> !Files.exists(installing), "the Python SDK's install");
        Path python = venv.resolve("bin").resolve("python");
        assumeTrue(Files.isExecutable(python), "no Python venv at " + python + "; " + SETUP);
        Process probe =
                new ProcessBuilder(python.toString(), "-c", "import rocketmq")
                        .redirectErrorStream(true)
                        .start();
        boolean done = probe.waitFor(60, TimeUnit.SECONDS);
        assumeTrue(
                done && probe.exitValue() == 0,
                "rocketmq-python-client is not installed in " + python + "; " + SETUP);
        return python;
    }

    /** Runs grpc_roundtrip.py and returns its output lines; fails unless it exits 0 in time. */
    static List<String> run(
            Path python, String endpoint, String topic, String group, int count, Duration wait)
            throws IOException, InterruptedException {
        return run(python, endpoint, topic, group, count, wait, null);
    }

    /**
     * {@link #run} over TLS when {@code trustedCertificate} is not null: the SDK's {@code
     * tls_enable}, gRPC trusting that certificate (PEM) as its only root.
     */
    static List<String> run(
            Path python,
            String endpoint,
            String topic,
            String group,
            int count,
            Duration wait,
            Path trustedCertificate)
            throws IOException, InterruptedException {
        Path script = Path.of(System.getProperty("bolide.python.script"));
        Path log = Files.createTempFile("grpc-roundtrip", ".out");
        ProcessBuilder builder =
                new ProcessBuilder(
                        python.toString(),
                        script.toString(),
                        endpoint,
                        topic,
                        group,
                        Integer.toString(count),
                        trustedCertificate == null ? "plaintext" : "tls");
        if (trustedCertificate != null) {
            builder.environment()
                    .put("GRPC_DEFAULT_SSL_ROOTS_FILE_PATH", trustedCertificate.toString());
        }
        Process process = builder.redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            boolean done = process.waitFor(wait.toSeconds(), TimeUnit.SECONDS);
            String output = Files.readString(log, StandardCharsets.UTF_8);
            if (!done || process.exitValue() != 0) {
                throw new AssertionError("the Python SDK round trip failed:\n" + output);
            }
            return output.lines().toList();
        } finally {
            process.destroyForcibly();
            Files.deleteIfExists(log);
        }
    }
}
