package io.bolide.broker.pull;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZZ_Result;

/**
 * The pull hold agent's parked/signalled handshake ({@link WakeSignal}), as the agent and the
 * store's dispatch thread run it: the agent has cleared the signal (a fresh signal is clear) and
 * announces it is parking; the dispatch thread signals. r1 = the agent parks (saw no signal), r2 =
 * the signal unparked it (saw the announcement). r1 without r2 would be a lost wake-up: the agent
 * parks and nobody wakes it.
 */
@JCStressTest
@Outcome(id = "false, false", expect = ACCEPTABLE, desc = "skips the park; no unpark needed")
@Outcome(id = "true, true", expect = ACCEPTABLE, desc = "parks, and the signal unparks it")
@Outcome(id = "false, true", expect = ACCEPTABLE, desc = "skips the park; a spare unpark")
@Outcome(id = "true, false", expect = FORBIDDEN, desc = "parks unseen: lost wake-up")
@State
public class WakeSignalStress {
    private final WakeSignal wake = new WakeSignal();

    /** The agent thread, after clear(): announces its park. */
    @Actor
    public void agent(ZZ_Result r) {
        wake.bindToCurrentThread();
        r.r1 = wake.announcePark();
    }

    /** The dispatch thread: a message arrived. */
    @Actor
    public void dispatch(ZZ_Result r) {
        r.r2 = wake.signal();
    }
}
