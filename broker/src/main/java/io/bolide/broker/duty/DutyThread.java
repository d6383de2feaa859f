package io.bolide.broker.duty;

import java.util.List;
import java.util.concurrent.locks.LockSupport;
import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.CompositeAgent;
import org.agrona.concurrent.IdleStrategy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One role's {@link PeriodicDuty periodic duties} on one daemon thread: an Agrona {@link
 * AgentRunner} over a {@link CompositeAgent}, whose idle strategy parks until the earliest duty is
 * due. {@link #close()} wakes the thread and stops it after the current pass.
 */
public final class DutyThread implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(DutyThread.class);

    private final List<PeriodicDuty> duties;
    private final AgentRunner runner;
    private volatile boolean closing;

    private DutyThread(String threadName, List<PeriodicDuty> duties) {
        this.duties = List.copyOf(duties);
        this.runner =
                new AgentRunner(
                        new UntilDue(),
                        e -> LOG.warn("{} failed", threadName, e),
                        null,
                        new CompositeAgent(this.duties));
    }

    /** Starts {@code duties} on a new daemon thread named {@code threadName}. */
    public static DutyThread start(String threadName, List<PeriodicDuty> duties) {
        DutyThread thread = new DutyThread(threadName, duties);
        AgentRunner.startOnThread(
                thread.runner,
                r -> {
                    Thread t = new Thread(r, threadName);
                    t.setDaemon(true);
                    return t;
                });
        return thread;
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
            long wait = Long.MAX_VALUE;
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
