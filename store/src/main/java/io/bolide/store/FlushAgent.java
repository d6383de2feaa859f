package io.bolide.store;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.ManyToOneConcurrentLinkedQueue;

/**
 * Forces the commit log. Under SYNC it is a group commit: every waiting put is completed by the
 * first flush that covers it, so concurrent puts share one force. Under ASYNC it flushes once per
 * interval. After each flush it wakes dispatch, which (under SYNC) only reads flushed records.
 */
final class FlushAgent implements Agent {
    private final CommitLog log;
    private volatile long intervalNanos;
    private final ManyToOneConcurrentLinkedQueue<Waiter> waiters =
            new ManyToOneConcurrentLinkedQueue<>();
    private final List<Waiter> batch = new ArrayList<>();
    private final ParkingIdleStrategy idle;
    private Runnable afterFlush = () -> {};
    private long lastFlushNanos = System.nanoTime();

    FlushAgent(CommitLog log, StoreConfig config) {
        this.log = log;
        this.intervalNanos = TimeUnit.MILLISECONDS.toNanos(config.flushIntervalMs());
        long maxPark = Math.min(intervalNanos, TimeUnit.MILLISECONDS.toNanos(10));
        this.idle = new ParkingIdleStrategy(maxPark, () -> !waiters.isEmpty());
    }

    long intervalMs() {
        return TimeUnit.NANOSECONDS.toMillis(intervalNanos);
    }

    /** The ASYNC period from the next flush on; the idle park stays at most 10 ms. */
    void intervalMs(long ms) {
        intervalNanos = TimeUnit.MILLISECONDS.toNanos(ms);
    }

    ParkingIdleStrategy idleStrategy() {
        return idle;
    }

    void afterFlush(Runnable action) {
        this.afterFlush = action;
    }

    /** A future completed once a flush covers {@code result} (SYNC puts). */
    CompletableFuture<PutResult> awaitFlush(PutResult result) {
        CompletableFuture<PutResult> future = new CompletableFuture<>();
        waiters.offer(new Waiter(result, future));
        idle.signal();
        return future;
    }

    @Override
    public int doWork() {
        Waiter waiter;
        while ((waiter = waiters.poll()) != null) {
            batch.add(waiter);
        }
        long now = System.nanoTime();
        if (batch.isEmpty() && now - lastFlushNanos < intervalNanos) {
            log.reserveAhead();
            return 0;
        }
        flushAndComplete();
        lastFlushNanos = now;
        return 1;
    }

    /** Flushes, then completes the waiters the flush covered. */
    void flushAndComplete() {
        boolean ok = log.flush();
        long flushed = log.flushedOffset();
        for (Waiter w : batch) {
            boolean covered = w.result.physicalOffset() + w.result.wroteBytes() <= flushed;
            w.future.complete(
                    ok && covered ? w.result : w.result.withStatus(PutStatus.FLUSH_FAILED));
        }
        batch.clear();
        afterFlush.run();
        log.reserveAhead();
    }

    /** Final flush at shutdown, completing every waiter. */
    @Override
    public void onClose() {
        Waiter waiter;
        while ((waiter = waiters.poll()) != null) {
            batch.add(waiter);
        }
        flushAndComplete();
    }

    @Override
    public String roleName() {
        return "bolide-store-flush";
    }

    private record Waiter(PutResult result, CompletableFuture<PutResult> future) {}
}
