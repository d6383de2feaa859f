package io.bolide.systest;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code bolide start} as an operator runs it ({@code ./bolide start}: name server and broker in
 * one JVM, gRPC on), in a child JVM with this test's class path and any free ports, its output in a
 * file of its working directory. Stopped with SIGTERM.
 */
final class StartedBolide implements AutoCloseable {
    private static final Pattern READY =
            Pattern.compile(
                    "bolide ready: name server (\\S+), broker (\\S+) .*, gRPC ([^,\\s]+),"
                            + " (?:console \\S+, )?data");
    private static final long READY_MILLIS = 60_000;

    private final Process process;
    private final Path log;
    private final Matcher ready;

    private StartedBolide(Process process, Path log, Matcher ready) {
        this.process = process;
        this.log = log;
        this.ready = ready;
    }

    static StartedBolide launch(Path workingDirectory) throws IOException, InterruptedException {
        Path log = workingDirectory.resolve("bolide.out");
        Process process =
                new ProcessBuilder(
                                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                                "-Xmx256m",
                                "-cp",
                                System.getProperty("java.class.path"),
                                "io.bolide.dist.BolideCommand",
                                "start",
                                "--namesrv-port",
                                "0",
                                "--broker-port",
                                "0",
                                "--grpc-port",
                                "0")
                        .directory(workingDirectory.toFile())
                        .redirectErrorStream(true)
                        .redirectOutput(log.toFile())
                        .start();
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(READY_MILLIS);
        while (System.nanoTime() < deadline && process.isAlive()) {
            Matcher ready = READY.matcher(Files.readString(log, StandardCharsets.UTF_8));
            if (ready.find()) {
                return new StartedBolide(process, log, ready);
            }
            process.waitFor(100, TimeUnit.MILLISECONDS);
        }
        process.destroyForcibly();
        throw new AssertionError(
                "bolide start did not get ready; output:\n" + Files.readString(log));
    }

    String nameServer() {
        return ready.group(1);
    }

    String broker() {
        return ready.group(2);
    }

    String grpc() {
        return ready.group(3);
    }

    String output() throws IOException {
        return Files.readString(log, StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
