package io.bolide.bench.e2e;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The idle client instances of a connections-curve point spread over several load-generator JVMs
 * (bench/run-curves.sh, issue #18): each official client instance starts about eight threads, so
 * 400 instances in one JVM were ~3,300 threads, which drove a shared 2-core host's load average to
 * 500. Each child JVM ({@code CurvePoint --mode idle}) starts its share of the instances, prints
 * {@link #READY}, and holds them until its standard input closes.
 */
final class IdleFleet {
    static final String READY = "IDLE_READY";

    private final List<Process> children = new ArrayList<>();

    /**
     * Starts {@code count} idle instances in child JVMs of at most {@code perJvm} each and returns
     * once every child has started its share (or throws when one failed or {@code seconds} passed).
     */
    static IdleFleet start(String namesrv, String topic, int count, int perJvm, int seconds)
            throws IOException, InterruptedException {
        IdleFleet fleet = new IdleFleet();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
            // One child at a time: four JVMs starting 100 instances each at once (JIT, class
            // loading, 400 first route queries) pushed the name server past the client's 3 s.
            for (int first = 0; first < count; first += perJvm) {
                Process child = child(namesrv, topic, first, Math.min(perJvm, count - first));
                fleet.children.add(child);
                awaitReady(child, deadline);
            }
        } catch (IOException | RuntimeException e) {
            fleet.close();
            throw e;
        }
        return fleet;
    }

    /** No child JVMs: the instances run in the point's own JVM. */
    static IdleFleet none() {
        return new IdleFleet();
    }

    int jvms() {
        return children.size();
    }

    private static Process child(String namesrv, String topic, int first, int count)
            throws IOException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> command =
                List.of(
                        java.toString(),
                        "-Xss256k",
                        "-Xms64m",
                        "-Xmx384m",
                        // Idle instances need no four Netty workers each (the client's default):
                        // fewer threads per instance, the same connections and heartbeats.
                        "-Dcom.rocketmq.remoting.client.worker.size=1",
                        "-Duser.home=" + System.getProperty("user.home"),
                        "-cp",
                        System.getProperty("java.class.path"),
                        CurvePoint.class.getName(),
                        "--mode",
                        "idle",
                        "--namesrv",
                        namesrv,
                        "--topic",
                        topic,
                        "--idle",
                        Integer.toString(count),
                        "--first",
                        Integer.toString(first));
        return new ProcessBuilder(command).redirectErrorStream(true).start();
    }

    /** Reads the child's output until READY; the rest is drained by a daemon thread. */
    private static void awaitReady(Process child, long deadline) throws IOException {
        BufferedReader lines =
                new BufferedReader(
                        new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
        String line;
        while ((line = lines.readLine()) != null) {
            if (READY.equals(line.trim())) {
                Thread drain = new Thread(() -> discard(lines), "idle-fleet-drain");
                drain.setDaemon(true);
                drain.start();
                return;
            }
            System.out.println("idle jvm " + child.pid() + ": " + line);
            if (System.nanoTime() > deadline) {
                break;
            }
        }
        throw new IOException("idle client JVM " + child.pid() + " did not get ready");
    }

    private static void discard(BufferedReader lines) {
        try {
            while (lines.readLine() != null) {
                // The children's client logs are not part of the point's results.
            }
        } catch (IOException e) {
            // The child exited.
        }
    }

    /** Closes every child's standard input (it then exits) and waits for it; kills stragglers. */
    void close() throws InterruptedException {
        for (Process child : children) {
            try {
                child.getOutputStream().close();
            } catch (IOException e) {
                child.destroy();
            }
        }
        for (Process child : children) {
            if (!child.waitFor(30, TimeUnit.SECONDS)) {
                child.destroyForcibly();
            }
        }
    }

    /**
     * The child side: starts {@code --idle} instances numbered from {@code --first}, prints READY
     * and holds them until standard input closes.
     */
    static void serve(String namesrv, String topic, int first, int count) throws Exception {
        CurveClients clients = new CurveClients();
        clients.startIdle(namesrv, topic, first, count);
        System.out.println(READY);
        System.out.flush();
        while (System.in.read() >= 0) {
            // Held until the parent closes the pipe (or dies).
        }
    }
}
