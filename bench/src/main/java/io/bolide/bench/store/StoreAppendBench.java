package io.bolide.bench.store;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;

/**
 * Append throughput and latency of one store: {@code writers} threads each append 1 KiB messages
 * and wait for each acknowledgement. Usage: {@code StoreAppendBench <bolide|apache> <ASYNC|SYNC>
 * <writers> <seconds> <dir>}. Prints one result line.
 */
public final class StoreAppendBench {
    static final String TOPIC = "BenchTopic";
    static final int QUEUES = 8;
    static final byte[] LOCALHOST = {127, 0, 0, 1};
    private static final int WARMUP_SECONDS = 3;

    private StoreAppendBench() {}

    static String uniqKey(int writer, long seq) {
        return "7F0000010000" + Integer.toHexString(0x1000 + writer) + Long.toHexString(seq);
    }

    public static void main(String[] args) throws Exception {
        String impl = args[0];
        boolean sync = args[1].equalsIgnoreCase("SYNC");
        int writers = Integer.parseInt(args[2]);
        int seconds = Integer.parseInt(args[3]);
        Path dir = Path.of(args[4]);
        byte[] body = new byte[1024];
        new Random(42).nextBytes(body);
        deleteTree(dir);
        Files.createDirectories(dir);
        try (AppendTarget target = target(impl, dir, sync, body)) {
            run(target, writers, WARMUP_SECONDS);
            Result r = run(target, writers, seconds);
            System.out.printf(
                    "RESULT %-6s %-5s writers=%-3d msgs/s=%10.0f MB/s=%7.1f"
                            + " p50us=%8d p99us=%8d p999us=%8d cpuus/msg=%6.2f%n",
                    impl,
                    sync ? "SYNC" : "ASYNC",
                    writers,
                    r.rate(),
                    r.rate() * 1024 / 1e6,
                    r.latency.getValueAtPercentile(50),
                    r.latency.getValueAtPercentile(99),
                    r.latency.getValueAtPercentile(99.9),
                    r.cpuMicrosPerMessage());
        }
        deleteTree(dir);
        // Apache's store leaves a non-daemon executor behind after shutdown.
        System.exit(0);
    }

    private static AppendTarget target(String impl, Path dir, boolean sync, byte[] body)
            throws Exception {
        switch (impl) {
            case "apache":
                return new ApacheTarget(dir, sync, body);
            case "direct":
                return new DirectEncodeTarget(dir, sync, body);
            default:
                return new BolideTarget(dir, sync, body);
        }
    }

    /** {@code cpuNanos}: the whole process (writers, store threads, GC) during the timed run. */
    private record Result(long count, double seconds, Histogram latency, long cpuNanos) {
        double rate() {
            return count / seconds;
        }

        double cpuMicrosPerMessage() {
            return count == 0 ? 0 : cpuNanos / 1000.0 / count;
        }
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean)
                        ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    private static Result run(AppendTarget target, int writers, int seconds) throws Exception {
        AtomicBoolean running = new AtomicBoolean(true);
        List<Histogram> histograms = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        long[] counts = new long[writers];
        for (int w = 0; w < writers; w++) {
            Histogram histogram = new Histogram(TimeUnit.SECONDS.toMicros(10), 3);
            histograms.add(histogram);
            int writer = w;
            threads.add(
                    new Thread(
                            () -> counts[writer] = writeLoop(target, writer, running, histogram)));
        }
        long cpuStart = processCpuNanos();
        long start = System.nanoTime();
        threads.forEach(Thread::start);
        Thread.sleep(TimeUnit.SECONDS.toMillis(seconds));
        running.set(false);
        for (Thread thread : threads) {
            thread.join();
        }
        double elapsed = (System.nanoTime() - start) / 1e9;
        long cpu = processCpuNanos() - cpuStart;
        Histogram all = new Histogram(TimeUnit.SECONDS.toMicros(10), 3);
        histograms.forEach(all::add);
        long total = 0;
        for (long c : counts) {
            total += c;
        }
        return new Result(total, elapsed, all, cpu);
    }

    private static long writeLoop(
            AppendTarget target, int writer, AtomicBoolean running, Histogram histogram) {
        long seq = 0;
        try {
            while (running.get()) {
                long t0 = System.nanoTime();
                target.append(writer, seq++);
                histogram.recordValue(
                        Math.min(TimeUnit.SECONDS.toMicros(10), (System.nanoTime() - t0) / 1000));
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        return seq;
    }

    static void deleteTree(Path root) throws Exception {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
