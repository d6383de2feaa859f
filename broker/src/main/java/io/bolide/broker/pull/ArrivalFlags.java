package io.bolide.broker.pull;

import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * One topic's arrival marks, one per queue (queue ids folded into {@value #SLOTS} slots). The
 * store's dispatch thread {@linkplain #mark(int) marks} a queue after the message is visible to
 * readers; the hold agent {@linkplain #take(int) takes} the mark and only then reads the queue. As
 * every access is volatile, a mark the dispatch thread finds already set (and so does not signal
 * for) has not been taken yet, and the take that follows sees the message (checked in the stress
 * module).
 */
final class ArrivalFlags {
    static final int SLOTS = 1024;

    private final AtomicIntegerArray flags = new AtomicIntegerArray(SLOTS);

    /** Marks {@code queueId}; true if it was not marked, so the agent needs a signal. */
    boolean mark(int queueId) {
        int slot = queueId & (SLOTS - 1);
        // Only a plain read and write: the dispatch thread is the only marker that signals, and a
        // mark the agent sets itself (see PullHoldAgent#add) needs no signal.
        if (flags.get(slot) == 0) {
            flags.set(slot, 1);
            return true;
        }
        return false;
    }

    /** Agent side: clears the mark of {@code queueId}; true if it was marked. */
    boolean take(int queueId) {
        int slot = queueId & (SLOTS - 1);
        if (flags.get(slot) != 0) {
            flags.set(slot, 0);
            return true;
        }
        return false;
    }
}
