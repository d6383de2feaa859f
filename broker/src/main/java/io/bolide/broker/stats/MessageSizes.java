package io.bolide.broker.stats;

import java.util.concurrent.atomic.LongAdder;

/**
 * How many stored messages fell in each size range, the reference's {@code rocketmq_message_size}
 * buckets: one {@link LongAdder} per range, so a send adds without a lock or an allocation. A batch
 * counts each of its messages at the batch's average size: the send path knows the batch's total,
 * not each message's, and a second pass over the batch would cost more than the metric is worth.
 */
public final class MessageSizes {
    /** The upper bounds of the ranges (bytes); a last range holds everything larger. */
    static final long[] BOUNDS = {1024, 4096, 512 * 1024, 1024 * 1024, 2 * 1024 * 1024};

    private final LongAdder[] counts = new LongAdder[BOUNDS.length + 1];
    private final LongAdder bytes = new LongAdder();

    MessageSizes() {
        for (int i = 0; i < counts.length; i++) {
            counts[i] = new LongAdder();
        }
    }

    void record(int messages, long total) {
        if (messages <= 0) {
            return;
        }
        long each = total / messages;
        int range = 0;
        while (range < BOUNDS.length && each > BOUNDS[range]) {
            range++;
        }
        counts[range].add(messages);
        bytes.add(total);
    }

    /** The upper bound of every range but the last (which is unbounded). */
    public static long[] bounds() {
        return BOUNDS.clone();
    }

    /** Messages per range, in the order of {@link #bounds()} and then the unbounded range. */
    public long[] counts() {
        long[] sums = new long[counts.length];
        for (int i = 0; i < counts.length; i++) {
            sums[i] = counts[i].sum();
        }
        return sums;
    }

    /** Bytes of all counted messages. */
    public long bytes() {
        return bytes.sum();
    }
}
