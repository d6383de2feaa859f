package io.bolide.broker.ha;

/** The master's end of one slave's link, whichever protocol it speaks. */
interface FollowerLink {
    /** Ship what was appended (from any thread; coalesced onto the link's event loop). */
    void wake();

    /** The periodic duties on the event loop: ship, heartbeat, close a silent link. */
    void tick(long nanos);

    /** The id the slave named in its handshake (controller mode), or -1. */
    default long brokerId() {
        return -1;
    }

    /** The slave's last acknowledged offset, or -1 before its first report. */
    long acked();

    ReplicationState.Slave state(long end);

    /** The offset the master sends this slave from next, or -1 before its first report. */
    long transferFrom();

    /** Commit-log bytes sent to this slave in the last whole second. */
    long bytesLastSecond();
}
