package io.bolide.systest;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

// Brokers in child JVMs: the client's header serialization (the suite's second pass) is not
// what these tests are about, and one pass keeps CI short.
// Runs once in CI (first pass): the faults are between master and slave; the client only offers
// load.
/**
 * Faults of a SYNC_MASTER group under load from the official 5.4.0 producer (several threads): kill
 * -9 of the master, kill -9 of the slave, a cut and a stalled replication link. One seeded round
 * each (the long campaign is {@link HaFaultCampaignTest}); the seed is the system property {@code
 * bolide.ha.seed} and every failure names it.
 */
class HaFaultsTest {
    private static final long SEED = Long.getLong("bolide.ha.seed", 14L);

    @Test
    void shouldKeepEveryAcknowledgedMessageWhenTheMasterIsKilled() throws Exception {
        FaultRound.Result result = run(FaultRound.Kind.MASTER_KILL);
        assertThat(result.acked()).isPositive();
    }

    @Test
    void shouldAnswerWithoutASlaveWhileItIsKilledAndCatchUpWhenItReturns() throws Exception {
        FaultRound.Result result = run(FaultRound.Kind.SLAVE_KILL);
        assertThat(result.unsynced()).isPositive();
    }

    @Test
    void shouldReconnectAndCatchUpAfterACutAndAStalledReplicationLink() throws Exception {
        FaultRound.Result cut = run(FaultRound.Kind.LINK_CUT, FaultRound.Kind.LINK_STALL);
        assertThat(cut.unsynced()).isPositive();
    }

    /** Runs one round of each kind on one fresh group; returns the first round's result. */
    private static FaultRound.Result run(FaultRound.Kind... kinds) throws Exception {
        Random random = new Random(SEED);
        FaultBodies bodies = new FaultBodies(SEED);
        FaultRound.Result first = null;
        try (HaGroup group = HaGroup.start(bodies)) {
            try {
                for (int round = 0; round < kinds.length; round++) {
                    FaultRound.Result result =
                            new FaultRound(group, bodies, round, random).run(kinds[round]);
                    first = first == null ? result : first;
                }
            } catch (Exception | Error e) {
                group.keep();
                throw new AssertionError(
                        "seed " + SEED + " (-Dbolide.ha.seed), logs in " + group.logs(), e);
            }
        }
        return first;
    }
}
