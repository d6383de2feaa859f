package io.bolide.broker.ha;

/**
 * Bytes counted per whole second: what the last complete second carried, as the reference's HA
 * status reports its transfer speed. One writer thread (a link's event loop); any thread reads.
 */
final class ByteRate {
    private static final long SECOND_NANOS = 1_000_000_000L;

    private long counting;
    private long windowStart = Long.MIN_VALUE;
    private volatile long lastSecond;

    /** Counts {@code bytes} at {@code now} (nanos). */
    void add(long bytes, long now) {
        roll(now);
        counting += bytes;
    }

    /** Closes the second that ended by {@code now}, if one did. */
    void roll(long now) {
        if (windowStart == Long.MIN_VALUE) {
            windowStart = now;
            return;
        }
        long elapsed = now - windowStart;
        if (elapsed >= SECOND_NANOS) {
            // A gap of two seconds or more: the last whole second carried nothing.
            lastSecond = elapsed >= 2 * SECOND_NANOS ? 0 : counting;
            counting = 0;
            windowStart = now - elapsed % SECOND_NANOS;
        }
    }

    long lastSecond() {
        return lastSecond;
    }
}
