package io.bolide.bench.e2e;

import java.util.concurrent.TimeUnit;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/** A latency histogram in microseconds, up to one minute, three significant digits. */
final class Latencies {
    private final Histogram histogram = new ConcurrentHistogram(TimeUnit.MINUTES.toMicros(1), 3);

    void recordMicros(long micros) {
        histogram.recordValue(Math.max(0, Math.min(micros, histogram.getHighestTrackableValue())));
    }

    long count() {
        return histogram.getTotalCount();
    }

    /** Prints the percentile distribution in milliseconds (HdrHistogram's table) to stdout. */
    void printDistribution(String title) {
        System.out.println("# " + title + " (ms)");
        // A copy: late deliveries (the window's stragglers) may still be recorded meanwhile, and
        // the iterator of a histogram being written fails.
        histogram.copy().outputPercentileDistribution(System.out, 5, 1000.0);
    }

    /** Writes {@code prefix.p50}, {@code .p99}, {@code .p999} and {@code .max} in microseconds. */
    void report(Results results, String prefix) {
        results.put(prefix + ".p50_us", histogram.getValueAtPercentile(50));
        results.put(prefix + ".p99_us", histogram.getValueAtPercentile(99));
        results.put(prefix + ".p999_us", histogram.getValueAtPercentile(99.9));
        results.put(prefix + ".max_us", histogram.getMaxValue());
    }
}
