package io.bolide.broker.pop;

import java.io.IOException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.IdleStrategy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The POP duty cycle, on its own thread ({@code bolide-pop}): answers held pops whose topic got a
 * message or whose poll time passed, revives messages whose invisible time passed, writes the pop
 * log's pending batch (at most every {@value #FLUSH_EVERY_MS} ms, so one write covers a burst) and
 * compacts the log when it has grown. Parks up to {@value #PARK_MS} ms when idle; an arrival or a
 * new hold unparks it.
 */
final class PopAgent implements Agent {
    static final long FLUSH_EVERY_MS = 5;
    static final long PARK_MS = 10;
    private static final Logger LOG = LoggerFactory.getLogger(PopAgent.class);
    private static final int REVIVE_BATCH = 256;
    private static final int COMPACT_CHECK_EVERY = 1_000;

    private final PopBook book;
    private final Reviver reviver;
    private final PopHold hold;
    private final PopHold.Rerun rerun;
    private final long compactBytes;
    private final LongSupplier nanos;
    private long lastFlushNanos;
    private int cycles;
    private volatile Thread thread;

    PopAgent(
            PopBook book,
            Reviver reviver,
            PopHold hold,
            PopHold.Rerun rerun,
            long compactBytes,
            LongSupplier nanos) {
        this.book = book;
        this.reviver = reviver;
        this.hold = hold;
        this.rerun = rerun;
        this.compactBytes = compactBytes;
        this.nanos = nanos;
    }

    @Override
    public void onStart() {
        thread = Thread.currentThread();
    }

    @Override
    public int doWork() {
        int work = hold.doWork(rerun);
        work += reviver.reviveDue(REVIVE_BATCH);
        // An orderly batch handed out again is news for pops held on its topic.
        book.drainRewound(topic -> hold.arrived(topic, 0, 0, 0));
        long now = nanos.getAsLong();
        if (now - lastFlushNanos >= TimeUnit.MILLISECONDS.toNanos(FLUSH_EVERY_MS)) {
            lastFlushNanos = now;
            work += flush();
        }
        if (++cycles % COMPACT_CHECK_EVERY == 0) {
            compact();
        }
        return work;
    }

    private int flush() {
        try {
            return book.flush() > 0 ? 1 : 0;
        } catch (IOException e) {
            LOG.error("cannot write the pop log", e);
            return 0;
        }
    }

    private void compact() {
        try {
            book.compactIfLarger(compactBytes);
        } catch (IOException e) {
            LOG.error("cannot compact the pop log", e);
        }
    }

    /** Answers every held pop, then writes and closes the log. */
    @Override
    public void onClose() {
        hold.close();
        hold.doWork(rerun);
        try {
            book.close();
        } catch (IOException e) {
            LOG.error("cannot close the pop log", e);
        }
    }

    @Override
    public String roleName() {
        return "bolide-pop";
    }

    /** Unparks the agent's thread (an arrival, a new hold). */
    void wake() {
        Thread t = thread;
        if (t != null) {
            LockSupport.unpark(t);
        }
    }

    /** Parks when a cycle did nothing, until woken or {@link #PARK_MS} passes. */
    static IdleStrategy idle() {
        return new IdleStrategy() {
            @Override
            public void idle(int workCount) {
                if (workCount <= 0) {
                    idle();
                }
            }

            @Override
            public void idle() {
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(PARK_MS));
            }

            @Override
            public void reset() {}
        };
    }
}
