package io.bolide.broker.table;

import java.io.IOException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes a table's file once per burst of changes instead of once per change: the first change
 * schedules a write a little later, and changes made before it runs ride along. Writing the whole
 * table per change is quadratic in a burst (thousands of topics created one after another rewrote
 * and forced the growing file thousands of times); here the delay also grows with the last write's
 * duration, so writing takes at most about a fifth of the time however large the table gets.
 *
 * <p>A change is on disk within the delay (or at shutdown, which writes the table itself); the name
 * servers learn it at once through registration, not through this file.
 */
public final class DeferredPersist {
    private static final Logger LOG = LoggerFactory.getLogger(DeferredPersist.class);
    static final long MIN_DELAY_MS = 100;
    static final int DELAY_PER_WRITE_TIME = 4;

    /** Runs a task after a delay in milliseconds. */
    @FunctionalInterface
    public interface Delayer {
        void schedule(Runnable task, long delayMillis);
    }

    /** The write of the whole table. */
    @FunctionalInterface
    public interface Write {
        void run() throws IOException;
    }

    private final Delayer delayer;
    private final Write write;
    private final LongSupplier nanoClock;
    private final AtomicBoolean scheduled = new AtomicBoolean();
    private volatile long lastWriteNanos;

    public DeferredPersist(Delayer delayer, Write write, LongSupplier nanoClock) {
        this.delayer = delayer;
        this.write = write;
        this.nanoClock = nanoClock;
    }

    /** Notes a change: the table will be written within the delay. */
    public void changed() {
        if (!scheduled.compareAndSet(false, true)) {
            return;
        }
        long delay =
                Math.max(
                        MIN_DELAY_MS,
                        TimeUnit.NANOSECONDS.toMillis(lastWriteNanos) * DELAY_PER_WRITE_TIME);
        try {
            delayer.schedule(this::writeNow, delay);
        } catch (RejectedExecutionException e) {
            scheduled.set(false); // shutting down: the shutdown writes the table itself
        }
    }

    private void writeNow() {
        // Cleared before reading the table, so a change made during the write schedules another.
        scheduled.set(false);
        long start = nanoClock.getAsLong();
        try {
            write.run();
        } catch (IOException | RuntimeException e) {
            LOG.warn("cannot write table", e);
        }
        lastWriteNanos = nanoClock.getAsLong() - start;
    }
}
