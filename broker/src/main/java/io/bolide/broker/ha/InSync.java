package io.bolide.broker.ha;

import java.util.List;

/**
 * The in-sync replica set as a master sees it without a controller: the slaves linked now whose
 * acknowledgement trails its end by less than {@code haMaxGapNotInSync} (the reference's own test
 * for a slave that keeps up).
 */
final class InSync {
    private InSync() {}

    /** Each in-sync slave's acknowledged offset. */
    static long[] acks(List<FollowerLink> links, long end, long maxGap) {
        long[] acks = new long[links.size()];
        int n = 0;
        for (FollowerLink link : links) {
            long acked = link.acked();
            if (acked >= 0 && end - acked < maxGap && n < acks.length) {
                acks[n++] = acked;
            }
        }
        return java.util.Arrays.copyOf(acks, n);
    }

    static long minAcked(long[] acks) {
        long min = -1;
        for (long ack : acks) {
            min = min < 0 ? ack : Math.min(min, ack);
        }
        return min;
    }

    static long maxAcked(long[] acks) {
        long max = -1;
        for (long ack : acks) {
            max = Math.max(max, ack);
        }
        return max;
    }
}
