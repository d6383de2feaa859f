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
 * The store's dispatch idle strategy ({@link ParkingIdleStrategy}) with real parking: the agent
 * idles with no pending work and a park bound far beyond the test's patience; the producer makes
 * work pending and signals. Termination means the signal is never lost, whether it lands before the
 * agent announces its park, between the announcement and the park, or during the park.
 */
@JCStressTest(Mode.Termination)
@Outcome(id = "TERMINATED", expect = ACCEPTABLE, desc = "woken")
@Outcome(id = "STALE", expect = FORBIDDEN, desc = "lost wake-up: parked with work pending")
@State
public class ParkingIdleStrategyStress {
    private volatile boolean pending;
    private final ParkingIdleStrategy idle = new ParkingIdleStrategy(Long.MAX_VALUE, () -> pending);

    /** The agent: idles until there is work (a spurious return just idles again). */
    @Actor
    public void agent() {
        while (!pending) {
            idle.idle(0);
        }
    }

    /** A producer: work is pending, wake the agent. */
    @Signal
    public void producer() {
        pending = true;
        idle.signal();
    }
}
