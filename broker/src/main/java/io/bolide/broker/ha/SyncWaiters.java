package io.bolide.broker.ha;

import io.bolide.store.PutResult;
import io.bolide.store.PutStatus;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;

/**
 * SYNC_MASTER's group commit with the slaves: each stored send waits, keyed by the commit-log
 * offset just past it, until a slave acknowledges that offset. One acknowledgement releases every
 * send it covers in one ordered walk; no thread or timer per send, only one periodic {@link #sweep}
 * for deadlines. Since waits are keyed by offset and registered right after their append, their
 * deadlines rise with their keys (up to scheduling jitter), so the sweep stops at the first wait
 * still in time.
 */
final class SyncWaiters {
    private final ConcurrentSkipListMap<Long, Waiter> waiting = new ConcurrentSkipListMap<>();
    private final IntSupplier connectedSlaves;
    private final LongSupplier commitLogEnd;
    private final LongSupplier nanoClock;
    private final long maxGap;
    private final long timeoutNanos;
    private volatile long acked = -1;

    SyncWaiters(
            IntSupplier connectedSlaves,
            LongSupplier commitLogEnd,
            long maxGap,
            long timeoutNanos,
            LongSupplier nanoClock) {
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
        if (connectedSlaves.getAsInt() == 0 || commitLogEnd.getAsLong() - ack >= maxGap) {
            return CompletableFuture.completedFuture(
                    stored.withStatus(PutStatus.SLAVE_NOT_AVAILABLE));
        }
        Waiter waiter = new Waiter(stored, nanoClock.getAsLong() + timeoutNanos);
        waiting.put(needed, waiter);
        if (acked >= needed && waiting.remove(needed, waiter)) {
            // The acknowledgement landed between the check and the registration.
            waiter.future.complete(stored);
        }
        return waiter.future;
    }

    /** A slave holds everything before {@code offset}: release every wait it covers. */
    void acked(long offset) {
        if (offset > acked) {
            acked = offset;
        }
        Map.Entry<Long, Waiter> first;
        while ((first = waiting.firstEntry()) != null && first.getKey() <= offset) {
            if (waiting.remove(first.getKey(), first.getValue())) {
                first.getValue().future.complete(first.getValue().stored);
            }
        }
    }

    /** The largest offset acknowledged so far, or -1. */
    long ackedOffset() {
        return acked;
    }

    /** Times out the waits whose deadline has passed. */
    void sweep() {
        long now = nanoClock.getAsLong();
        Map.Entry<Long, Waiter> first;
        while ((first = waiting.firstEntry()) != null && now - first.getValue().deadline >= 0) {
            expire(first);
        }
    }

    /** Answers every wait (at shutdown): none will be acknowledged any more. */
    void expireAll() {
        Map.Entry<Long, Waiter> first;
        while ((first = waiting.firstEntry()) != null) {
            expire(first);
        }
    }

    private void expire(Map.Entry<Long, Waiter> entry) {
        Waiter waiter = entry.getValue();
        if (waiting.remove(entry.getKey(), waiter)) {
            waiter.future.complete(waiter.stored.withStatus(PutStatus.FLUSH_SLAVE_TIMEOUT));
        }
    }

    int waiting() {
        return waiting.size();
    }

    private static final class Waiter {
        final PutResult stored;
        final long deadline;
        final CompletableFuture<PutResult> future = new CompletableFuture<>();

        Waiter(PutResult stored, long deadline) {
            this.stored = stored;
            this.deadline = deadline;
        }
    }
}
