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

    /**
     * Controller mode: each SyncStateSet member's acknowledged offset but {@code self}'s; -1 for a
     * member with no link (or none reported yet).
     */
    static long[] memberAcks(List<FollowerLink> links, java.util.Set<Long> members, long self) {
        long[] acks = new long[Math.max(0, members.size() - (members.contains(self) ? 1 : 0))];
        int n = 0;
        for (long member : members) {
            if (member == self) {
                continue;
            }
            long best = -1;
            for (FollowerLink link : links) {
                if (link.brokerId() == member) {
                    best = Math.max(best, link.acked());
                }
            }
            acks[n++] = best;
        }
        return acks;
    }

    /** Whether some member has not acknowledged anything (no link). */
    static boolean missing(long[] acks) {
        for (long ack : acks) {
            if (ack < 0) {
                return true;
            }
        }
        return false;
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
