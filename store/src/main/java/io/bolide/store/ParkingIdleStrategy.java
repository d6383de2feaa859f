package io.bolide.store;

import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.agrona.concurrent.IdleStrategy;

/**
 * Parks an agent's thread when it has no work, for at most a bound, and lets producers wake it with
 * {@link #signal()} only when it is actually parked and has work pending (one volatile read per
 * signal otherwise). The agent announces it is going to park, then re-checks for work, so a signal
 * sent between its last check and the park is never lost.
 *
 * <p>A parked agent whose work check is still false has already seen everything published before
 * the signal — a replica's append that completed no record leaves the dispatch limit where the
 * agent stalled — so waking it would only park it again: one unpark and one park saved per such
 * append. The check runs after the agent announced its park and after the producer published its
 * work, both volatile, so either the agent's own check sees the work or the producer's sees it and
 * the agent parked: no wake-up is lost.
 */
final class ParkingIdleStrategy implements IdleStrategy {
    private final long maxParkNanos;
    private final BooleanSupplier pendingWork;
    private volatile Thread parked;
    private volatile Thread owner;

    ParkingIdleStrategy(long maxParkNanos, BooleanSupplier pendingWork) {
        this.maxParkNanos = maxParkNanos;
        this.pendingWork = pendingWork;
    }

    /** Wakes the agent if it is parked with work pending; call after publishing the work. */
    void signal() {
        Thread thread = parked;
        if (thread != null && pendingWork.getAsBoolean()) {
            LockSupport.unpark(thread);
        }
    }

    /** Whether the agent is parked (or about to park) where a signal reaches it. */
    boolean announced() {
        return parked != null;
    }

    @Override
    public void idle(int workCount) {
        if (workCount > 0) {
            return;
        }
        idle();
    }

    @Override
    public void idle() {
        Thread self = owner;
        if (self == null) {
            self = Thread.currentThread();
            owner = self;
        }
        parked = self;
        if (!pendingWork.getAsBoolean()) {
            LockSupport.parkNanos(this, maxParkNanos);
        }
        parked = null;
    }

    @Override
    public void reset() {}
}
