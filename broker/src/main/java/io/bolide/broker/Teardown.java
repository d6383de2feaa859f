package io.bolide.broker;

import java.util.ArrayDeque;
import java.util.Deque;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The broker's parts to take down, in reverse of the order they came up: each part is pushed as
 * soon as it is open, so a start that fails half way closes exactly what it opened, and a normal
 * close runs the same list. A step that fails is logged and the next one still runs.
 */
final class Teardown {
    private static final Logger LOG = LoggerFactory.getLogger(Teardown.class);

    /** A step this slow is logged: a role switch or a shutdown that drags shows where. */
    private static final long SLOW_STEP_MS = 50;

    /** One step of the teardown. */
    @FunctionalInterface
    interface Step {
        void run() throws Exception;
    }

    private final Deque<Named> steps = new ArrayDeque<>();

    private record Named(String what, Step step) {}

    /** Runs {@code step} at close, before every step pushed earlier. */
    void push(String what, Step step) {
        steps.push(new Named(what, step));
    }

    /** Logs that {@code what}, begun at {@code startedNanos}, took long (a slow step). */
    static void logIfSlow(String what, long startedNanos) {
        long millis = (System.nanoTime() - startedNanos) / 1_000_000;
        if (millis >= SLOW_STEP_MS) {
            LOG.info("{} took {} ms", what, millis);
        }
    }

    /** Runs every step, last pushed first. */
    void close() {
        while (!steps.isEmpty()) {
            Named next = steps.pop();
            long started = System.nanoTime();
            try {
                next.step().run();
                logIfSlow(next.what(), started);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (Exception e) {
                LOG.warn("{} failed", next.what(), e);
            }
        }
    }
}
