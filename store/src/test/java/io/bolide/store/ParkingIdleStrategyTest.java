package io.bolide.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.testsupport.Await;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The store agents' idle strategy with a park bound far beyond the test: a parked agent wakes on a
 * signal once its work is published, and a signal with nothing pending leaves it parked.
 */
class ParkingIdleStrategyTest {
    private volatile long limit;
    private volatile long dispatched;
    private volatile boolean released;
    private volatile boolean holdFirstCheck;
    private volatile boolean inFirstCheck;
    private final ParkingIdleStrategy idle =
            new ParkingIdleStrategy(TimeUnit.MINUTES.toNanos(5), this::pendingWork);
    private final AtomicInteger wakeUps = new AtomicInteger();
    private final Thread agent = new Thread(this::dispatchUpTo2, "test-dispatch");

    /** The agent's work check; its first call on the agent's thread can be held open. */
    private boolean pendingWork() {
        if (holdFirstCheck && Thread.currentThread() == agent && !inFirstCheck) {
            inFirstCheck = true;
            // Spins rather than parks: a park here would swallow the permit a signal leaves.
            while (!released) {
                Thread.yield();
            }
        }
        return dispatched < limit;
    }

    /** Idles until the limit reaches 2, "dispatching" what it sees; counts returns from idle. */
    private void dispatchUpTo2() {
        while (dispatched < 2) {
            dispatched = limit;
            if (dispatched < 2) {
                idle.idle(0);
                wakeUps.incrementAndGet();
            }
        }
    }

    @AfterEach
    void stop() throws InterruptedException {
        limit = 2;
        released = true;
        agent.interrupt(); // a failed test must not leave the agent parked for minutes
        agent.join(TimeUnit.SECONDS.toMillis(10));
    }

    private void awaitParked() {
        Await.until(
                () -> agent.getState() == Thread.State.TIMED_WAITING,
                "the agent parks with nothing to do");
    }

    @Test
    void shouldWakeAParkedAgentWhenWorkIsPublished() throws InterruptedException {
        agent.start();
        awaitParked();

        limit = 1;
        idle.signal();

        Await.until(() -> dispatched == 1, "the agent woke and dispatched what was published");
        awaitParked();
        limit = 2;
        idle.signal();
        agent.join(TimeUnit.SECONDS.toMillis(10));
        assertThat(agent.isAlive()).isFalse();
        assertThat(wakeUps.get()).isEqualTo(2);
    }

    @Test
    void shouldNotWakeAnAgentWithNothingNewPending() throws InterruptedException {
        holdFirstCheck = true;
        agent.start();
        Await.until(() -> inFirstCheck, "the agent announced its park and checks for work");

        // Announced but not yet parked: an unconditional signal would leave it a permit, and its
        // park would return at once for nothing (e.g. a replica's append that completed no record).
        idle.signal();
        released = true;
        awaitParked();
        limit = 2;
        idle.signal();

        agent.join(TimeUnit.SECONDS.toMillis(10));
        assertThat(agent.isAlive()).isFalse();
        assertThat(wakeUps.get()).as("woken once, by the signal that had work").isEqualTo(1);
    }
}
