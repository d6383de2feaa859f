package io.bolide.store;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Mode;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.Signal;
import org.openjdk.jcstress.annotations.State;

/**
 * {@link ParkingIdleStrategy}'s signal wakes a parked agent only when it has work pending. Shaped
 * as a replica's dispatch: the producer first appends part of a record (the limit moves to where
 * the agent stalls: no work, and the signal may be skipped), then the rest (the record is whole:
 * work). Termination means the skipped signal never costs the one that matters, whatever the
 * interleaving of the agent's stall, its park announcement and the two appends.
 */
@JCStressTest(Mode.Termination)
@Outcome(id = "TERMINATED", expect = ACCEPTABLE, desc = "woken for the whole record")
@Outcome(id = "STALE", expect = FORBIDDEN, desc = "lost wake-up: parked with the record whole")
@State
public class ParkingIdleStrategyStallStress {
    private volatile long limit;
    private volatile long dispatched;
    private volatile long stalledAt = -1;
    private final ParkingIdleStrategy idle =
            new ParkingIdleStrategy(Long.MAX_VALUE, () -> dispatched < limit && limit != stalledAt);

    /** The agent: dispatches the record once whole, stalls on a part of it, idles otherwise. */
    @Actor
    public void agent() {
        while (dispatched < 2) {
            long seen = limit;
            if (seen == 2) {
                dispatched = 2;
            } else {
                if (seen == 1) {
                    stalledAt = 1;
                }
                idle.idle(0);
            }
        }
    }

    /** The replica's appender: part of the record, then the rest, a signal after each. */
    @Signal
    public void appender() {
        limit = 1;
        idle.signal();
        limit = 2;
        idle.signal();
    }
}
