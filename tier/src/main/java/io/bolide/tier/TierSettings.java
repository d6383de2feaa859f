package io.bolide.tier;

import java.util.Objects;

/**
 * How the commit log is tiered (#36).
 *
 * @param s3 where the segments go
 * @param localBudget bytes of commit-log segments the local disk may hold before the oldest
 *     offloaded ones are evicted; 0 keeps every segment local (offload only)
 * @param reserveHours hours a segment is kept in the tier, aged from its last write
 * @param readCacheBytes bytes of blocks read from the tier kept in memory
 * @param intervalMs pause between two rounds of the offloader
 * @param maxBytes bytes of segments the tier may hold; the oldest beyond it that are no longer
 *     local are deleted from it (0: no bound but the reserve time)
 */
public record TierSettings(
        S3Settings s3,
        long localBudget,
        int reserveHours,
        long readCacheBytes,
        long intervalMs,
        long maxBytes) {
    public TierSettings {
        Objects.requireNonNull(s3, "s3");
        if (localBudget < 0
                || reserveHours < 0
                || readCacheBytes < 0
                || intervalMs <= 0
                || maxBytes < 0) {
            throw new IllegalArgumentException(
                    "localBudget, reserveHours, readCacheBytes and maxBytes must be >= 0,"
                            + " intervalMs > 0");
        }
    }
}
