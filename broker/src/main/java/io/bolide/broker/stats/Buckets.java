package io.bolide.broker.stats;

import java.util.concurrent.atomic.LongAdder;

/**
 * A histogram kept as one {@link LongAdder} per range and one for the sum: recording takes no lock
 * and allocates nothing, and a scrape reads the adders. The ranges are fixed when it is made.
 */
public final class Buckets {
    private final long[] bounds;
    private final LongAdder[] counts;
    private final LongAdder sum = new LongAdder();

    /** Ranges up to each of {@code bounds} (ascending), then one unbounded range. */
    public Buckets(long... bounds) {
        this.bounds = bounds.clone();
        this.counts = new LongAdder[bounds.length + 1];
        for (int i = 0; i < counts.length; i++) {
            counts[i] = new LongAdder();
        }
    }

    public void record(long value) {
        int range = 0;
        while (range < bounds.length && value > bounds[range]) {
            range++;
        }
        counts[range].increment();
        sum.add(value);
    }

    /** The upper bound of every range but the last. */
    public long[] bounds() {
        return bounds.clone();
    }

    /** Values per range (not cumulative), in the order of {@link #bounds()}, then the last. */
    public long[] counts() {
        long[] sums = new long[counts.length];
        for (int i = 0; i < counts.length; i++) {
            sums[i] = counts[i].sum();
        }
        return sums;
    }

    public long sum() {
        return sum.sum();
    }
}
