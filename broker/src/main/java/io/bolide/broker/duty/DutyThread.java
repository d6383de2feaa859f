package io.bolide.broker.duty;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.locks.LockSupport;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.CompositeAgent;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.SystemNanoClock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One role's {@link PeriodicDuty periodic duties} on one daemon thread: an Agrona {@link
 * AgentRunner} over a {@link CompositeAgent}, whose idle strategy parks until the earliest duty is
 * due. It also runs {@linkplain #schedule one-off delayed tasks}, so a role needs no executor for
 * timed work. {@link #close()} wakes the thread and stops it after the current pass; one-off tasks
 * not yet due are dropped (their owners write what they deferred at shutdown themselves).
 */
public final class DutyThread implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(DutyThread.class);

    private final List<PeriodicDuty> duties;
    private final OneShots oneShots = new OneShots(new SystemNanoClock());
    private final AgentRunner runner;
    private volatile boolean closing;

    private DutyThread(String threadName, List<PeriodicDuty> duties) {
        this.duties = List.copyOf(duties);
        List<Agent> agents = new ArrayList<>(this.duties);
        agents.add(oneShots);
        this.runner =
                new AgentRunner(
                        new UntilDue(),
                        e -> LOG.warn("{} failed", threadName, e),
                        null,
                        new CompositeAgent(agents));
    }

    /** Starts {@code duties} on a new daemon thread named {@code threadName}. */
    public static DutyThread start(String threadName, List<PeriodicDuty> duties) {
        DutyThread thread = new DutyThread(threadName, duties);
        // Not AgentRunner.startOnThread: it names the thread after the composite's role names.
        Thread t = new Thread(thread.runner, threadName);
        t.setDaemon(true);
        t.start();
        return thread;
    }

    /**
     * Runs {@code task} once on this thread, {@code delayMs} from now (0: on its next pass).
     *
     * @throws RejectedExecutionException once closing
     */
    public void schedule(Runnable task, long delayMs) {
        if (closing) {
            throw new RejectedExecutionException("duty thread closed");
        }
        oneShots.offer(task, delayMs);
        // Wakes a park that was sized before this task arrived (or makes the next one return).
        Thread thread = runner.thread();
        if (thread != null) {
            LockSupport.unpark(thread);
        }
    }

    /**
     * Wakes the thread to look at its duties' due times again: after a live setting changed a
     * period, so a run that became due earlier is not left to the end of a longer park.
     */
    public void wake() {
        Thread thread = runner.thread();
        if (thread != null) {
            LockSupport.unpark(thread);
        }
    }

    /** Stops the duties after the pass in progress; returns once the thread has ended. */
    @Override
    public void close() {
        closing = true;
        // The permit outlives a park that has not begun yet, so the thread cannot sleep past this.
        Thread thread = runner.thread();
        if (thread != null) {
            LockSupport.unpark(thread);
        }
        runner.close();
    }

    /** Parks until the earliest duty is due (or until {@link #close()} unparks the thread). */
    private final class UntilDue implements IdleStrategy {
        @Override
        public void idle(int workCount) {
            if (workCount <= 0) {
                idle();
            }
        }

        @Override
        public void idle() {
            long wait = oneShots.nanosUntilDue();
            for (PeriodicDuty duty : duties) {
                wait = Math.min(wait, duty.nanosUntilDue());
            }
            if (wait > 0 && !closing) {
                LockSupport.parkNanos(this, wait);
            }
        }

        @Override
        public void reset() {}
    }
}
