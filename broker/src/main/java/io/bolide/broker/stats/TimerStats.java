package io.bolide.broker.stats;

/**
 * The timer wheel as the reference's timer metrics show it: messages filed in the wheel (enqueued)
 * and delivered from it (dequeued) by real topic, whose difference is what waits, and where the
 * wheel stands, which the timer thread publishes once per pass (three volatile writes, not one per
 * message): the timer queue offset it has read up to, the time up to which it has delivered, and
 * the due messages it could not deliver yet.
 */
public final class TimerStats {
    private final Tally enqueued = new Tally();
    private final Tally dequeued = new Tally();
    private volatile long readOffset = -1;
    private volatile long deliveredUpToMs;
    private volatile int overdue;

    public void enqueued(String topic) {
        enqueued.add(topic, 1);
    }

    public void dequeued(String topic) {
        dequeued.add(topic, 1);
    }

    /** Published by the timer thread after each pass. */
    public void progress(long readOffset, long deliveredUpToMs, int overdue) {
        this.readOffset = readOffset;
        this.deliveredUpToMs = deliveredUpToMs;
        this.overdue = overdue;
    }

    public Tally enqueued() {
        return enqueued;
    }

    public Tally dequeued() {
        return dequeued;
    }

    /** The timer queue offset the wheel has read up to, or -1 when no timer runs here. */
    public long readOffset() {
        return readOffset;
    }

    /** Every message due before this time (epoch ms) has been delivered. */
    public long deliveredUpToMs() {
        return deliveredUpToMs;
    }

    /** Due messages not delivered yet (the store refused them for now). */
    public int overdue() {
        return overdue;
    }
}
