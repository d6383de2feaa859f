package io.bolide.remoting.metrics;

import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.function.LongSupplier;

/**
 * Answers scrapes with the last snapshot of a slow collector while it is younger than a maximum
 * age. The JVM and process metrics read a dozen MXBeans and {@code /proc/self} on every collect:
 * about 3.7 ms of CPU, most of a 1-second scrape's cost (profile in docs/benchmarks.md). Those
 * figures move slowly, so reading them at most every few seconds loses nothing a dashboard shows,
 * and a scrape every second costs the broker far less.
 */
final class RecentSnapshots implements MultiCollector {
    private final MultiCollector source;
    private final long maxAgeNanos;
    private final LongSupplier nanoClock;
    private MetricSnapshots last;
    private long takenAt;

    RecentSnapshots(MultiCollector source, long maxAgeNanos, LongSupplier nanoClock) {
        this.source = source;
        this.maxAgeNanos = maxAgeNanos;
        this.nanoClock = nanoClock;
    }

    @Override
    public synchronized MetricSnapshots collect() {
        long now = nanoClock.getAsLong();
        if (last == null || now - takenAt >= maxAgeNanos) {
            last = source.collect();
            takenAt = now;
        }
        return last;
    }
}
