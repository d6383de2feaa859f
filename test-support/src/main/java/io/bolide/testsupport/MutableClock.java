package io.bolide.testsupport;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.function.LongSupplier;

/**
 * A clock tests move by hand. It serves both time seams of the code: a {@link Clock} (the store)
 * and a {@link LongSupplier} of epoch milliseconds (the broker's {@code System::currentTimeMillis}
 * seams), so one test can drive both from one value.
 */
public final class MutableClock extends Clock implements LongSupplier {
    private volatile long millis;

    /** A clock reading {@code millis} (epoch milliseconds) until moved. */
    public MutableClock(long millis) {
        this.millis = millis;
    }

    /** Sets the time to {@code newMillis}; it may go backwards, as a wall clock can. */
    public void set(long newMillis) {
        this.millis = newMillis;
    }

    /** Moves the time forward by {@code step} and returns the new reading. */
    public synchronized long advance(Duration step) {
        millis += step.toMillis();
        return millis;
    }

    @Override
    public long getAsLong() {
        return millis;
    }

    @Override
    public long millis() {
        return millis;
    }

    @Override
    public Instant instant() {
        return Instant.ofEpochMilli(millis);
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    /** The same clock: zones do not matter to epoch-millisecond readers. */
    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }
}
