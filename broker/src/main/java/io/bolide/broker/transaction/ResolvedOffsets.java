package io.bolide.broker.transaction;

import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeMap;

/**
 * What is known about the half queue between its progress mark and its end: which offsets have an
 * outcome (and the op-queue offset recording it), which are being resolved right now, and which
 * were superseded by a re-put copy (for a check). Below {@link #halfProgress()} every offset is
 * done, so only the window above it is held. Thread-safe: the check scan and END_TRANSACTION
 * handlers on I/O threads share it.
 */
final class ResolvedOffsets {
    /** Value of an offset an END_TRANSACTION or a check is working on. */
    private static final long CLAIMED = -1;

    /** Value of an offset done without an op record (superseded or discarded). */
    private static final long NO_OP = -2;

    private final TreeMap<Long, Long> done = new TreeMap<>();
    private final Map<Long, Long> successor = new HashMap<>();
    private final Map<Long, Long> copyPhysical = new HashMap<>();
    private long halfProgress;
    private long opProgress;
    private long opEnd;

    synchronized void start(long halfProgress, long opProgress) {
        this.halfProgress = halfProgress;
        this.opProgress = opProgress;
        this.opEnd = opProgress;
    }

    /** Moves the half progress up to {@code offset} (records below it are gone from the store). */
    synchronized void skipTo(long offset) {
        halfProgress = Math.max(halfProgress, offset);
    }

    /** First half-queue offset that may still be waiting for its outcome. */
    synchronized long halfProgress() {
        return halfProgress;
    }

    /** First op-queue offset that may still record an offset at or above the half progress. */
    synchronized long opProgress() {
        return opProgress;
    }

    /**
     * Follows re-put copies from {@code offset} to the newest and claims it; returns the claimed
     * offset, or -1 if that message already has an outcome or is being resolved.
     */
    synchronized long claimLatest(long offset) {
        long latest = offset;
        Long next;
        while ((next = successor.get(latest)) != null) {
            latest = next;
        }
        if (latest < halfProgress || done.containsKey(latest)) {
            return -1;
        }
        done.put(latest, CLAIMED);
        return latest;
    }

    /** Gives a claim up: the message waits for an outcome again. */
    synchronized void release(long offset) {
        done.remove(offset, CLAIMED);
    }

    /** Records that the op record at {@code opOffset} resolved {@code offset}. */
    synchronized void resolved(long offset, long opOffset) {
        if (offset >= halfProgress) {
            done.put(offset, opOffset);
        }
        opEnd = Math.max(opEnd, opOffset + 1);
    }

    /**
     * Records that {@code offset} was re-put as {@code copy} at commit-log offset {@code
     * copyPhysical}: answers for either resolve the copy.
     */
    synchronized void superseded(long offset, long copy, long copyPhysical) {
        successor.put(offset, copy);
        this.copyPhysical.put(copy, copyPhysical);
        done.put(offset, NO_OP);
    }

    /** Commit-log offset of the re-put copy at half-queue offset {@code copy}, or -1. */
    synchronized long physicalOf(long copy) {
        return copyPhysical.getOrDefault(copy, -1L);
    }

    /** Records that {@code offset} was given up without an outcome. */
    synchronized void discarded(long offset) {
        done.put(offset, NO_OP);
    }

    /** Whether {@code offset} needs no check (done, superseded or being resolved). */
    synchronized boolean isSettled(long offset) {
        return offset < halfProgress || done.containsKey(offset);
    }

    /**
     * Moves the half progress over the done offsets that follow it (not beyond {@code end}),
     * forgets what lies below, and moves the op progress as far as no op record above the half
     * progress could be skipped.
     */
    synchronized void advance(long end) {
        while (halfProgress < end) {
            Long value = done.get(halfProgress);
            if (value == null || value == CLAIMED) {
                break;
            }
            halfProgress++;
        }
        done.headMap(halfProgress).clear();
        Iterator<Map.Entry<Long, Long>> chains = successor.entrySet().iterator();
        while (chains.hasNext()) {
            Map.Entry<Long, Long> chain = chains.next();
            if (chain.getKey() < halfProgress && chain.getValue() < halfProgress) {
                chains.remove();
            }
        }
        copyPhysical.keySet().removeIf(copy -> copy < halfProgress);
        advanceOps();
    }

    private void advanceOps() {
        long lowest = opEnd;
        for (long op : done.values()) {
            if (op == CLAIMED) {
                return; // an op record may be on its way; its offset is not known yet
            }
            if (op >= 0) {
                lowest = Math.min(lowest, op);
            }
        }
        opProgress = Math.max(opProgress, lowest);
    }
}
