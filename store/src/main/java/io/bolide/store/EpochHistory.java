package io.bolide.store;

import java.util.List;

/**
 * Where two brokers' logs stop agreeing, from their epoch entries: the end of the newest term both
 * hold with the same epoch and the same start offset, capped by both logs' ends (the reference's
 * "consistent point"). A slave that holds more than that cuts its log back to it before it copies
 * again, so it never keeps bytes of a term its new master did not write.
 */
public final class EpochHistory {
    private EpochHistory() {}

    /**
     * The offset up to which {@code mine} (a log ending at {@code myEnd}) and {@code theirs}
     * (ending at {@code theirEnd}) hold the same terms; -1 when they share none.
     */
    public static long consistentPoint(
            List<EpochEntry> mine, long myEnd, List<EpochEntry> theirs, long theirEnd) {
        for (int i = mine.size() - 1; i >= 0; i--) {
            EpochEntry local = mine.get(i);
            int j = indexOf(theirs, local.epoch());
            if (j < 0 || theirs.get(j).startOffset() != local.startOffset()) {
                continue;
            }
            long localEnd = end(mine, i, myEnd);
            long remoteEnd = end(theirs, j, theirEnd);
            return Math.min(localEnd, remoteEnd);
        }
        return -1;
    }

    private static int indexOf(List<EpochEntry> entries, int epoch) {
        for (int i = entries.size() - 1; i >= 0; i--) {
            if (entries.get(i).epoch() == epoch) {
                return i;
            }
        }
        return -1;
    }

    /** Where term {@code i} ends: the next term's start, or the log's end for the last one. */
    public static long end(List<EpochEntry> entries, int i, long logEnd) {
        return i + 1 < entries.size() ? entries.get(i + 1).startOffset() : logEnd;
    }
}
