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
 */
public record TierSettings(
        S3Settings s3, long localBudget, int reserveHours, long readCacheBytes, long intervalMs) {
    public TierSettings {
        Objects.requireNonNull(s3, "s3");
        if (localBudget < 0 || reserveHours < 0 || readCacheBytes < 0 || intervalMs <= 0) {
            throw new IllegalArgumentException(
                    "localBudget, reserveHours and readCacheBytes must be >= 0, intervalMs > 0");
        }
    }
}
