package io.bolide.broker.ha;

/** A slave's end of its link to the master, whichever protocol it speaks. */
interface ClientLink {
    /** Heartbeat report when none went out for a while; close a master silent for too long. */
    void tick(long nanos);
}
