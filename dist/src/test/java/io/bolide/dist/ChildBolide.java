package io.bolide.dist;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A {@code bolide} command run as a child JVM with this test's classpath, in a working directory of
 * the test's choosing, its output collected line by line.
 */
final class ChildBolide implements AutoCloseable {
    private final Process process;
    private final List<String> lines = new ArrayList<>();
    private final Thread reader;

    private ChildBolide(Process process) {
        this.process = process;
        this.reader = new Thread(this::collect, "child-bolide-output");
        reader.setDaemon(true);
        reader.start();
    }

    static ChildBolide launch(Path workingDirectory, String... args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx256m");
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(BolideCommand.class.getName());
        command.addAll(List.of(args));
        Process process =
                new ProcessBuilder(command)
                        .directory(workingDirectory.toFile())
                        .redirectErrorStream(true)
                        .start();
        return new ChildBolide(process);
    }

    private void collect() {
        try (BufferedReader in =
                new BufferedReader(
                        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                synchronized (lines) {
                    lines.add(line);
                    lines.notifyAll();
                }
            }
        } catch (IOException e) {
            // the process went away; what was read stays available
        }
    }

    /** The first line matching {@code condition}; fails at the deadline or if the child exits. */
    String awaitLine(Predicate<String> condition, long timeoutMillis) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        int seen = 0;
        synchronized (lines) {
            while (true) {
                for (; seen < lines.size(); seen++) {
                    if (condition.test(lines.get(seen))) {
                        return lines.get(seen);
                    }
                }
                long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                if (left <= 0 || (!process.isAlive() && !reader.isAlive())) {
                    throw new AssertionError("no expected line; output so far:\n" + output());
                }
                lines.wait(Math.min(left, 100));
            }
        }
    }

    /** Sends SIGTERM and returns the exit status once the child and its output have ended. */
    int terminate(long timeoutMillis) throws InterruptedException {
        // Through the handle: Process.destroy() would also close our end of the child's stdout, and
        // its shutdown lines would be lost.
        process.toHandle().destroy();
        if (!process.waitFor(timeoutMillis, TimeUnit.MILLISECONDS)) {
            throw new AssertionError("child did not exit after SIGTERM; output:\n" + output());
        }
        reader.join(timeoutMillis);
        return process.exitValue();
    }

    /** Everything the child printed so far. */
    String output() {
        synchronized (lines) {
            return String.join("\n", lines);
        }
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }
}
