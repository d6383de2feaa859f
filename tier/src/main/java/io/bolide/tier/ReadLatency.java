package io.bolide.tier;

import java.util.concurrent.atomic.LongAdder;

/**
 * How long the ranged GETs of tier reads took, as a histogram in milliseconds: one {@link
 * LongAdder} per range and one for the sum, so recording takes no lock. The ranges are fixed; the
 * metrics endpoint turns them into a classic histogram.
 */
public final class ReadLatency {
    private static final long[] BOUNDS_MS = {1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000};

    private final LongAdder[] counts = new LongAdder[BOUNDS_MS.length + 1];
    private final LongAdder sumMs = new LongAdder();

    ReadLatency() {
        for (int i = 0; i < counts.length; i++) {
            counts[i] = new LongAdder();
        }
    }

    void record(long millis) {
        int range = 0;
        while (range < BOUNDS_MS.length && millis > BOUNDS_MS[range]) {
            range++;
        }
        counts[range].increment();
        sumMs.add(millis);
    }

    /** The upper bound (ms) of every range but the last, which is unbounded. */
    public long[] boundsMs() {
        return BOUNDS_MS.clone();
    }

    /** GETs per range (not cumulative), in the order of {@link #boundsMs()}, then the last. */
    public long[] counts() {
        long[] out = new long[counts.length];
        for (int i = 0; i < counts.length; i++) {
            out[i] = counts[i].sum();
        }
        return out;
    }

    /** Milliseconds all recorded GETs took together. */
    public long sumMs() {
        return sumMs.sum();
    }
}
