package io.bolide.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.testsupport.Await;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The dispatch agent's strategy decides from how long its announced parks last (a driven clock):
 * after a short one it lingers unannounced once it has worked, after a long one it parks where a
 * signal reaches it, and a linger that found nothing falls back to the announced park.
 */
class LingeringIdleStrategyTest {
    private static final long PARK_BOUND = TimeUnit.MINUTES.toNanos(5);
    private final AtomicInteger work = new AtomicInteger();
    private final AtomicInteger rounds = new AtomicInteger();
    private volatile boolean stop;
    private Thread agent;
    private ParkingIdleStrategy announced;

    private LingeringIdleStrategy start(long lingerNanos, LongSupplier clock) {
        announced = new ParkingIdleStrategy(PARK_BOUND, () -> work.get() > 0);
        LingeringIdleStrategy idle = new LingeringIdleStrategy(announced, lingerNanos, clock);
        agent =
                new Thread(
                        () -> {
                            while (!stop) {
                                idle.idle(work.getAndSet(0));
                                rounds.incrementAndGet();
                            }
                        },
                        "test-dispatch");
        agent.start();
        return idle;
    }

    @AfterEach
    void stopAgent() throws InterruptedException {
        stop = true;
        agent.interrupt(); // parks return on interrupt: neither bound is waited out
        agent.join(TimeUnit.SECONDS.toMillis(10));
    }

    private void awaitParked(boolean reachable) {
        Await.until(
                () ->
                        agent.getState() == Thread.State.TIMED_WAITING
                                && announced.announced() == reachable,
                reachable
                        ? "the agent parks where a signal reaches it"
                        : "the agent lingers unannounced");
    }

    /** Publishes one unit of work and wakes the agent the way an append does. */
    private void append(LingeringIdleStrategy idle) {
        int before = rounds.get();
        work.set(1);
        idle.signal();
        Await.until(() -> rounds.get() > before + 1, "the agent woke and took the work");
    }

    @Test
    void shouldLingerUnannouncedAfterWorkWhenParksEndQuickly() {
        LingeringIdleStrategy idle = start(PARK_BOUND, () -> 0L); // every park "lasts" 0 ns
        awaitParked(true);

        append(idle);

        awaitParked(false);
    }

    @Test
    void shouldParkAnnouncedAfterWorkWhenParksLastLong() {
        AtomicLong now = new AtomicLong();
        LingeringIdleStrategy idle = start(PARK_BOUND, () -> now.addAndGet(PARK_BOUND));
        awaitParked(true);

        append(idle);

        awaitParked(true);
        append(idle); // a signal still reaches it: isolated messages are dispatched at once
        awaitParked(true);
    }

    @Test
    void shouldFallBackToTheAnnouncedParkWhenALingerFindsNothing() {
        LingeringIdleStrategy idle = start(TimeUnit.MILLISECONDS.toNanos(1), () -> 0L);
        awaitParked(true);

        append(idle);

        // The 1 ms linger ends with nothing published; the agent then parks announced again.
        awaitParked(true);
        assertThat(rounds.get()).isGreaterThanOrEqualTo(3);
    }
}
