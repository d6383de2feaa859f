package io.bolide.tier;

import java.util.concurrent.atomic.AtomicLong;

/** What tiered storage has done since the broker started, for the metrics endpoint and tests. */
public final class TierStats {
    final AtomicLong bytesUploaded = new AtomicLong();
    final AtomicLong objectsUploaded = new AtomicLong();
    final AtomicLong uploadFailures = new AtomicLong();
    final AtomicLong uploadLagBytes = new AtomicLong();
    final AtomicLong segmentsEvicted = new AtomicLong();
    final AtomicLong objectsDeleted = new AtomicLong();
    final AtomicLong orphansDeleted = new AtomicLong();
    final AtomicLong tierReads = new AtomicLong();
    final AtomicLong tierReadFailures = new AtomicLong();
    final AtomicLong cacheHits = new AtomicLong();
    final AtomicLong cacheMisses = new AtomicLong();
    final AtomicLong bytesFetched = new AtomicLong();
    final AtomicLong readAheadBlocks = new AtomicLong();
    final AtomicLong readAheadHits = new AtomicLong();
    final ReadLatency readLatency = new ReadLatency();
    volatile boolean unreachable;
    volatile boolean refusing;

    /** Bytes of segments uploaded (and verified). */
    public long bytesUploaded() {
        return bytesUploaded.get();
    }

    /** Segments uploaded (and verified). */
    public long objectsUploaded() {
        return objectsUploaded.get();
    }

    /** Uploads that failed (the segment stays local and is tried again). */
    public long uploadFailures() {
        return uploadFailures.get();
    }

    /** Bytes of sealed segments not uploaded yet, as of the offloader's last round. */
    public long uploadLagBytes() {
        return uploadLagBytes.get();
    }

    /** Offloaded segments deleted from the local disk under the budget. */
    public long segmentsEvicted() {
        return segmentsEvicted.get();
    }

    /** Objects deleted by the tier's retention. */
    public long objectsDeleted() {
        return objectsDeleted.get();
    }

    /** Objects no manifest entry referred to, deleted at start (left by a kill). */
    public long orphansDeleted() {
        return orphansDeleted.get();
    }

    /** Reads of records the tier holds (each a cache hit or a ranged GET). */
    public long tierReads() {
        return tierReads.get();
    }

    /** Reads that failed because the object store could not be read. */
    public long tierReadFailures() {
        return tierReadFailures.get();
    }

    /** Blocks found in the read cache. */
    public long cacheHits() {
        return cacheHits.get();
    }

    /** Blocks fetched with a ranged GET. */
    public long cacheMisses() {
        return cacheMisses.get();
    }

    /** Bytes fetched with ranged GETs. */
    public long bytesFetched() {
        return bytesFetched.get();
    }

    /** Blocks fetched ahead of a sequential reader. */
    public long readAheadBlocks() {
        return readAheadBlocks.get();
    }

    /** Blocks fetched ahead that a read then found (in the cache or on their way). */
    public long readAheadHits() {
        return readAheadHits.get();
    }

    /** How long the ranged GETs of tier reads took (ms). */
    public ReadLatency readLatency() {
        return readLatency;
    }

    /** Whether the offloader's last attempt to reach the object store failed. */
    public boolean unreachable() {
        return unreachable;
    }

    /** Whether the last put was refused: the store unreachable and the local budget full. */
    public boolean refusingWrites() {
        return refusing;
    }

    /** Blocks found in the cache over blocks looked up, or 0 before the first read. */
    public double cacheHitRatio() {
        long hits = cacheHits.get();
        long all = hits + cacheMisses.get();
        return all == 0 ? 0 : (double) hits / all;
    }
}
