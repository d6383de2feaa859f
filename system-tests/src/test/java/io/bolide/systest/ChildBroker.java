package io.bolide.systest;

import io.bolide.broker.Broker;
import io.bolide.broker.config.BrokerConfig;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A broker in a child JVM, so that a test can kill it with SIGKILL ({@code kill -9}) and start it
 * again on the same store and ports. Its configuration is {@code key=value} arguments; its output
 * goes to a log file next to its store. The child runs C1 only with the serial collector: it starts
 * in about half the time and CPU, and the fault tests depend on neither.
 */
final class ChildBroker implements AutoCloseable {
    private static final String READY = "BOLIDE-CHILD-READY ";

    private final Process process;
    private final Path log;

    private ChildBroker(Process process, Path log) {
        this.process = process;
        this.log = log;
    }

    /** Starts a broker with {@code config} and waits until it serves. */
    static ChildBroker start(Map<String, String> config, Path log) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-XX:TieredStopAtLevel=1");
        command.add("-XX:+UseSerialGC");
        command.add("-Xmx192m");
        command.add("-XX:MaxDirectMemorySize=256m");
        String logConfig = System.getProperty("bolide.ha.childLogback");
        if (logConfig != null) {
            command.add("-Dlogback.configurationFile=" + logConfig);
        }
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(ChildBroker.class.getName());
        config.forEach((key, value) -> command.add(key + "=" + value));
        Files.createDirectories(log.getParent());
        Process process =
                new ProcessBuilder(command)
                        .redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                        .start();
        ChildBroker child = new ChildBroker(process, log);
        try {
            child.awaitReady();
        } catch (RuntimeException | Error e) {
            child.kill();
            throw e;
        }
        return child;
    }

    private void awaitReady() {
        Clients.awaitCostly(
                "the child broker logging to " + log + " serves",
                () -> {
                    if (!process.isAlive()) {
                        throw new AssertionError(
                                "the child broker exited; see " + log + ", which ends:\n" + tail());
                    }
                    return logged(READY);
                });
    }

    /** The last lines of the child's output, so a failed start says why in the test report. */
    private String tail() {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.ISO_8859_1);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 15), lines.size()));
        } catch (IOException e) {
            return "(unreadable: " + e.getMessage() + ")";
        }
    }

    /** Whether the child's output so far contains {@code text}. */
    boolean logged(String text) {
        try {
            return Files.readString(log, StandardCharsets.ISO_8859_1).contains(text);
        } catch (IOException e) {
            return false;
        }
    }

    /** SIGKILL: no shutdown hook, no flush, no unregistration; returns once it is gone. */
    void kill() {
        process.destroyForcibly();
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                throw new AssertionError("the child broker survived SIGKILL; see " + log);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** SIGTERM: the broker's shutdown hook closes it cleanly; returns once it is gone. */
    void stop() {
        process.destroy();
        try {
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                throw new AssertionError("the child broker ignored SIGTERM; see " + log);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    boolean alive() {
        return process.isAlive();
    }

    @Override
    public void close() {
        kill();
    }

    /** The child: starts the broker, says so, and runs until killed or its parent goes. */
    public static void main(String[] args) throws Exception {
        BrokerConfig.Builder config = BrokerConfig.builder();
        for (String arg : args) {
            int equals = arg.indexOf('=');
            config.set(arg.substring(0, equals), arg.substring(equals + 1));
        }
        Broker broker = Broker.start(config.build());
        Runtime.getRuntime().addShutdownHook(new Thread(broker::close, "child-broker-close"));
        System.out.println(READY + broker.address());
        System.out.flush();
        // The parent holds our stdin: its end (a crashed or killed test JVM) ends us too.
        while (System.in.read() >= 0) {
            // nothing is sent; only the end matters
        }
        System.exit(0);
    }
}
