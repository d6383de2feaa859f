package io.bolide.bench.e2e;

import java.util.concurrent.TimeUnit;
import org.apache.rocketmq.client.producer.DefaultMQProducer;

/**
 * The load generator's replication modes (bench/run-ha.sh): lag sampling during the live phase,
 * filling a master while its slave is away, reading both commit-log ends, and timing a catch-up.
 */
final class HaPhases {
    /** How often the lag sampler reads both ends. */
    private static final long SAMPLE_EVERY_MS = 20;

    private HaPhases() {}

    /**
     * Waits out the live phase's measured window; with {@code --master} and {@code --slave},
     * sampling the slave's lag meanwhile ({@code lag.*}).
     */
    static void duringLive(E2eOptions options, Results results) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(options.durationSeconds);
        if (options.master == null || options.slave == null) {
            TimeUnit.SECONDS.sleep(options.durationSeconds);
            return;
        }
        try (HaProbe probe = new HaProbe(options.master, options.slave)) {
            probe.sampleLag(results, "lag", SAMPLE_EVERY_MS, () -> System.nanoTime() < end);
        }
    }

    /**
     * Sends {@code --bytes} of bodies as fast as {@code --threads} can (for at most {@code --drain}
     * seconds): {@code fill.*}.
     */
    static void fill(E2eOptions options, DefaultMQProducer producer, Results results)
            throws Exception {
        // The client compresses bodies over 4 KiB by default; a fill is about bytes on disk.
        producer.setCompressMsgBodyOverHowmuch(Integer.MAX_VALUE);
        producer.start();
        try {
            E2eLoad.createBySending(producer, options.topic);
            ProducePhase phase =
                    new ProducePhase(producer, options.topic, options.size, options.threads, 0);
            long started = System.nanoTime();
            phase.start();
            long messages = (options.bytes + options.size - 1) / options.size;
            long deadline = started + TimeUnit.SECONDS.toNanos(options.drainSeconds);
            while (phase.sentTotal() < messages && System.nanoTime() < deadline) {
                TimeUnit.MILLISECONDS.sleep(50);
            }
            phase.stop();
            long elapsed = System.nanoTime() - started;
            results.put("fill.messages", phase.sentTotal());
            results.put("fill.ms", TimeUnit.NANOSECONDS.toMillis(elapsed));
            results.put("fill.mb_s", phase.sentTotal() * options.size * 1000 / elapsed);
        } finally {
            producer.shutdown();
        }
    }

    /** Both commit-log ends now: {@code offset.master}, {@code offset.slave} (-1: no answer). */
    static void offset(E2eOptions options, Results results) {
        try (HaProbe probe = new HaProbe(options.master, options.slave)) {
            results.put("offset.master", probe.masterOffset());
            results.put("offset.slave", probe.slaveOffset());
        }
    }

    /**
     * Times a slave that held {@code --bytes} (its end before it stopped) catching up with an idle
     * master, waiting at most {@code --drain} seconds: {@code catchup.*}.
     */
    static void catchUp(E2eOptions options, Results results) throws InterruptedException {
        try (HaProbe probe = new HaProbe(options.master, options.slave)) {
            probe.catchUp(results, options.bytes, options.drainSeconds);
        }
    }
}
