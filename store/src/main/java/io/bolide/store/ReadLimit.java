package io.bolide.store;

import java.util.concurrent.atomic.AtomicLong;

/**
 * How far consumers may read the commit log: dispatch (which makes records readable through the
 * consume queues) stops at this offset. Unlimited by default; in controller mode it is the group's
 * confirm offset, the end every in-sync replica holds.
 *
 * <p>Why: a record past the confirm offset can still be cut. A master cut off from its group keeps
 * writing records no replica receives (their sends answer FLUSH_SLAVE_TIMEOUT); a new master is
 * elected and gives the same queue offsets to other records. Had consumers read the cut records,
 * their committed offsets would already be past the new master's records at those offsets, and they
 * would never be delivered. Holding reads at the confirm offset keeps every queue offset a consumer
 * sees one that survives an election.
 *
 * <p>While held, the limit only rises ({@link #follow}); it drops only when the log is cut below it
 * ({@link #cutTo}) or a role change freezes it ({@link #holdAt}).
 */
public final class ReadLimit {
    private static final long UNLIMITED = Long.MAX_VALUE;

    private final AtomicLong end = new AtomicLong(UNLIMITED);
    private final Runnable raised;

    /** {@code raised} runs after the limit rose: dispatch has new records to make readable. */
    ReadLimit(Runnable raised) {
        this.raised = raised;
    }

    /** The offset reads stop at ({@link Long#MAX_VALUE} when unlimited). */
    public long end() {
        return end.get();
    }

    /** Whether reads are held at a confirm offset. */
    public boolean held() {
        return end.get() != UNLIMITED;
    }

    /**
     * Holds reads at no more than {@code offset}: the store becomes a controller-mode replica (its
     * master's confirm offset will raise it) or master (its in-sync replicas' will).
     */
    public void holdAt(long offset) {
        end.accumulateAndGet(offset, Math::min);
    }

    /** Raises a held limit to {@code confirmed} if that is higher; an unlimited one stays so. */
    public void follow(long confirmed) {
        long now;
        do {
            now = end.get();
            if (now == UNLIMITED || confirmed <= now) {
                return;
            }
        } while (!end.compareAndSet(now, confirmed));
        raised.run();
    }

    /** The log was cut to {@code offset}: what lay past it must be confirmed again. */
    void cutTo(long offset) {
        end.accumulateAndGet(offset, (now, cut) -> now == UNLIMITED ? now : Math.min(now, cut));
    }

    /**
     * Reads everything: a replica promoted to master, whose log is now the group's, must make every
     * record readable (and take its queues' next offsets from them) before it takes writes.
     */
    public void lift() {
        if (end.getAndSet(UNLIMITED) != UNLIMITED) {
            raised.run();
        }
    }
}
