package io.bolide.testsupport;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/** Polls a condition until it holds or a deadline passes: tests never sleep and hope. */
public final class Await {
    /** The wait when a test names none: generous, since a loaded CI host can be slow. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);

    /**
     * Between two polls the waiting thread parks: spinning would take a core from the threads it
     * waits for, and a loaded 2-core CI host has none to spare.
     */
    private static final long POLL_NANOS = 1_000_000;

    private Await() {}

    /**
     * Returns once {@code condition} holds.
     *
     * @param what what is awaited, for the failure message
     * @throws AssertionError if it still does not hold after {@code timeout}
     */
    public static void until(Duration timeout, BooleanSupplier condition, String what) {
        until(timeout, Duration.ofNanos(POLL_NANOS), condition, what);
    }

    /**
     * Returns once {@code condition} holds, polling every {@code poll}: for conditions that cost
     * something to evaluate (a request to a server, a file read), which a 1 ms poll would repeat a
     * thousand times a second.
     *
     * @param what what is awaited, for the failure message
     * @throws AssertionError if it still does not hold after {@code timeout}
     */
    public static void until(
            Duration timeout, Duration poll, BooleanSupplier condition, String what) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError(
                        "timed out after " + timeout.toMillis() + " ms waiting for " + what);
            }
            LockSupport.parkNanos(poll.toNanos());
        }
    }

    /** {@link #until(Duration, BooleanSupplier, String)} with {@link #DEFAULT_TIMEOUT}. */
    public static void until(BooleanSupplier condition, String what) {
        until(DEFAULT_TIMEOUT, condition, what);
    }
}
