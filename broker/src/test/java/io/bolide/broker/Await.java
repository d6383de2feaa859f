package io.bolide.broker;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/** Polls a condition until it holds or a deadline passes; tests never sleep and hope. */
public final class Await {
    /**
     * Between two polls the waiting thread parks: spinning would take a core from the threads it
     * waits for, and a loaded 2-core CI host has none to spare.
     */
    private static final long POLL_NANOS = 1_000_000;

    private Await() {}

    public static void until(Duration timeout, BooleanSupplier condition, String what) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("timed out waiting for " + what);
            }
            LockSupport.parkNanos(POLL_NANOS);
        }
    }
}
