package io.bolide.broker.pull;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZJ_Result;

/**
 * The per-queue arrival flags ({@link ArrivalFlags}) with a queue already marked: the dispatch
 * thread publishes a message (the volatile {@code written}, standing for the consume queue's
 * published position) and marks the queue; the agent takes the mark and reads the queue. When the
 * dispatch thread finds the mark already set it sends no signal, so the agent's take must then see
 * the message: r1 = the mark was new (a signal follows), r2 = what the agent read.
 */
@JCStressTest
@Outcome(id = "false, 0", expect = FORBIDDEN, desc = "no signal and the message unseen: lost")
@Outcome(id = "false, 1", expect = ACCEPTABLE, desc = "the pending mark covers the message")
@Outcome(id = "true, 0", expect = ACCEPTABLE, desc = "re-marked and signalled: next cycle sees it")
@Outcome(id = "true, 1", expect = ACCEPTABLE, desc = "seen now, and a spare signal")
@State
public class ArrivalFlagsStress {
    private final ArrivalFlags flags = new ArrivalFlags();
    private volatile long written;

    public ArrivalFlagsStress() {
        flags.mark(7);
    }

    /** The store's dispatch thread: the message is readable, then its queue is marked. */
    @Actor
    public void dispatch(ZJ_Result r) {
        written = 1;
        r.r1 = flags.mark(7);
    }

    /** The hold agent: takes the mark, then reads the queue. */
    @Actor
    public void agent(ZJ_Result r) {
        if (flags.take(7)) {
            r.r2 = written;
        } else {
            r.r2 = -1;
        }
    }
}
