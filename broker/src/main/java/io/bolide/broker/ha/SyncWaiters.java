package io.bolide.broker.ha;

import io.bolide.remoting.ResponseBatch;
import io.bolide.store.PutResult;
import io.bolide.store.PutStatus;
import java.util.concurrent.CompletableFuture;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;

/**
 * SYNC_MASTER's group commit with the slaves: each stored send waits, keyed by the commit-log
 * offset just past it, until a slave acknowledges that offset. One acknowledgement releases every
 * send it covers in one ordered walk; no thread or timer per send, only one periodic {@link #sweep}
 * for deadlines. Since waits are keyed by offset and registered right after their append, their
 * deadlines rise with their keys (up to scheduling jitter), so the sweep stops at the first wait
 * still in time.
 *
 * <p>Whatever releases waits (an acknowledgement, the sweep) does so inside one {@link
 * ResponseBatch}: the answers their sends give leave per client connection, one write each, when
 * the walk ends.
 *
 * <p>The waits sit in a {@link WaitRing} (offset order, primitive keys), so a wait allocates only
 * its answer: one object that is both the waiting send and its future.
 */
final class SyncWaiters {
    private final WaitRing<Waiter> waiting = new WaitRing<>();
    private final IntSupplier connectedSlaves;
    private final LongSupplier commitLogEnd;
    private final LongSupplier nanoClock;
    private final long maxGap;
    private final long timeoutNanos;
    private final boolean aloneIsEnough;
    private volatile long acked = -1;
    private final LongSupplier ackedNow = () -> acked;

    SyncWaiters(
            IntSupplier connectedSlaves,
            LongSupplier commitLogEnd,
            long maxGap,
            long timeoutNanos,
            LongSupplier nanoClock) {
        this(connectedSlaves, commitLogEnd, maxGap, timeoutNanos, nanoClock, false);
    }

    /**
     * @param aloneIsEnough controller mode: with no slave in the SyncStateSet the master alone
     *     holds what it acknowledges (the reference's answer), instead of SLAVE_NOT_AVAILABLE
     */
    SyncWaiters(
            IntSupplier connectedSlaves,
            LongSupplier commitLogEnd,
            long maxGap,
            long timeoutNanos,
            LongSupplier nanoClock,
            boolean aloneIsEnough) {
        this.aloneIsEnough = aloneIsEnough;
        this.connectedSlaves = connectedSlaves;
        this.commitLogEnd = commitLogEnd;
        this.maxGap = maxGap;
        this.timeoutNanos = timeoutNanos;
        this.nanoClock = nanoClock;
    }

    /**
     * Completes with {@code stored} once a slave holds it; with FLUSH_SLAVE_TIMEOUT when none does
     * in time; at once with SLAVE_NOT_AVAILABLE when no slave is connected, or the best one trails
     * by {@code maxGap} bytes or more (waiting could only time out).
     */
    CompletableFuture<PutResult> await(PutResult stored) {
        if (!stored.isOk()) {
            return CompletableFuture.completedFuture(stored);
        }
        long needed = stored.physicalOffset() + stored.wroteBytes();
        long ack = acked;
        if (ack >= needed) {
            return CompletableFuture.completedFuture(stored);
        }
        if (aloneIsEnough && connectedSlaves.getAsInt() <= 0) {
            return CompletableFuture.completedFuture(stored);
        }
        if (connectedSlaves.getAsInt() == 0 || commitLogEnd.getAsLong() - ack >= maxGap) {
            return CompletableFuture.completedFuture(
                    stored.withStatus(PutStatus.SLAVE_NOT_AVAILABLE));
        }
        Waiter waiter = new Waiter(stored, nanoClock.getAsLong() + timeoutNanos);
        // Checked again under the ring's lock: an acknowledgement published before the add is
        // seen here, one after it finds the wait in the ring.
        if (!waiting.addUnlessCovered(needed, waiter, ackedNow)) {
            waiter.complete(stored);
        }
        return waiter;
    }

    /** A slave holds everything before {@code offset}: release every wait it covers. */
    void acked(long offset) {
        if (offset > acked) {
            acked = offset;
        }
        // The answers leave per connection, one write each, when the walk ends.
        ResponseBatch answers = ResponseBatch.open();
        try {
            Waiter released;
            while ((released = waiting.pollAtOrBelow(offset)) != null) {
                released.complete(released.stored);
            }
        } finally {
            answers.close();
        }
    }

    /** The largest offset acknowledged so far, or -1. */
    long ackedOffset() {
        return acked;
    }

    /** Times out the waits whose deadline has passed. */
    void sweep() {
        long now = nanoClock.getAsLong();
        ResponseBatch answers = ResponseBatch.open();
        try {
            Waiter expired;
            while ((expired = waiting.pollFirstIf(w -> now - w.deadline >= 0)) != null) {
                expire(expired);
            }
        } finally {
            answers.close();
        }
    }

    /** Answers every wait (at shutdown): none will be acknowledged any more. */
    void expireAll() {
        ResponseBatch answers = ResponseBatch.open();
        try {
            Waiter expired;
            while ((expired = waiting.pollFirstIf(w -> true)) != null) {
                expire(expired);
            }
        } finally {
            answers.close();
        }
    }

    private static void expire(Waiter waiter) {
        waiter.complete(waiter.stored.withStatus(PutStatus.FLUSH_SLAVE_TIMEOUT));
    }

    int waiting() {
        return waiting.size();
    }

    /** A waiting send and its answer in one object. */
    private static final class Waiter extends CompletableFuture<PutResult> {
        final PutResult stored;
        final long deadline;

        Waiter(PutResult stored, long deadline) {
            this.stored = stored;
            this.deadline = deadline;
        }
    }
}
