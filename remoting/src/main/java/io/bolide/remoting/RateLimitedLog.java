package io.bolide.remoting;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;

/**
 * One kind of warning, logged at most once per interval: an abusive peer that makes the same
 * violation thousands of times a second must not fill the disk or slow the I/O threads. The lines
 * that were held back are counted and the count is given with the next line.
 */
final class RateLimitedLog {
    private static final long INTERVAL_NANOS = TimeUnit.SECONDS.toNanos(10);

    private final Logger log;
    private final AtomicLong nextNanos = new AtomicLong(System.nanoTime());
    private final AtomicLong suppressed = new AtomicLong();

    RateLimitedLog(Logger log) {
        this.log = log;
    }

    /** Logs {@code message} with {@code peer} unless a line was logged in the last interval. */
    void warn(String message, Object peer) {
        long now = System.nanoTime();
        long next = nextNanos.get();
        if (now - next < 0 || !nextNanos.compareAndSet(next, now + INTERVAL_NANOS)) {
            suppressed.incrementAndGet();
            return;
        }
        long held = suppressed.getAndSet(0);
        if (held == 0) {
            log.warn("{}: {}", message, peer);
        } else {
            log.warn("{}: {} ({} more like it not logged)", message, peer, held);
        }
    }
}
