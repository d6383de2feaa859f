package io.bolide.broker.pull;

import java.util.concurrent.locks.LockSupport;

/**
 * The parked/signalled handshake between producers and one parking agent thread. Producers call
 * {@link #signal()}, which costs two volatile accesses and unparks the agent only if it has
 * announced that it is parking. The agent {@linkplain #clear() clears} the signal before it looks
 * for work, then {@linkplain #park(long) parks}: it announces the park and re-reads the signal, so
 * a signal sent after its last look is never lost. Both sides write one flag and then read the
 * other's (all volatile, hence sequentially consistent): at least one of them sees the other's
 * write, so either the agent skips the park or the producer unparks it. The stress module checks
 * this with jcstress.
 */
final class WakeSignal {
    private volatile Thread owner;
    private volatile boolean parked;
    private volatile boolean signalled;

    /** Makes the calling thread the one that parks; call before its first {@link #park(long)}. */
    void bindToCurrentThread() {
        owner = Thread.currentThread();
    }

    /** Producer side: there is work; true if the agent had announced a park and was unparked. */
    boolean signal() {
        signalled = true;
        if (parked) {
            LockSupport.unpark(owner);
            return true;
        }
        return false;
    }

    /** Agent side, before it looks for work: forget signals that work will answer. */
    void clear() {
        signalled = false;
    }

    /**
     * Agent side: announces the park; true if no signal arrived since {@link #clear()} and the
     * agent may park. Call {@link #endPark()} afterwards, parked or not.
     */
    boolean announcePark() {
        parked = true;
        return !signalled;
    }

    /** Agent side: no longer parked, producers need not unpark. */
    void endPark() {
        parked = false;
    }

    /** Agent side: parks up to {@code maxNanos} unless signalled since {@link #clear()}. */
    void park(long maxNanos) {
        if (announcePark() && maxNanos > 0) {
            LockSupport.parkNanos(this, maxNanos);
        }
        endPark();
    }
}
