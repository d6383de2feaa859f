package io.bolide.remoting;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Counts requests that were dispatched and not yet answered, so a graceful shutdown can wait for
 * them. Only a shutdown waiting for zero pays for a wake-up.
 */
final class InFlight {
    private final AtomicInteger count = new AtomicInteger();
    private volatile boolean draining;

    void begin() {
        count.incrementAndGet();
    }

    void end() {
        if (count.decrementAndGet() == 0 && draining) {
            synchronized (this) {
                notifyAll();
            }
        }
    }

    int count() {
        return count.get();
    }

    /** Waits until nothing is in flight or the deadline passes; true if drained. */
    synchronized boolean awaitZero(long deadlineNanos) throws InterruptedException {
        draining = true;
        while (count.get() > 0) {
            long left = deadlineNanos - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        return true;
    }
}
