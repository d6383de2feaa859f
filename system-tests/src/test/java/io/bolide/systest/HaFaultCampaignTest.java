package io.bolide.systest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * The replication fault campaign ({@code system-tests/run-ha-faults.sh}): {@code bolide.ha.rounds}
 * rounds on one long-lived SYNC_MASTER group, each a fault drawn from {@code bolide.ha.seed} (kill
 * -9 of the master or of the slave, a cut or a stalled replication link) under load, each checked
 * as {@link FaultRound} does. Writes the tally to {@code target/ha-faults-result.txt}. Off unless
 * the rounds are given: CI runs {@link HaFaultsTest}'s one round of each kind instead.
 */
@EnabledIfSystemProperty(named = "bolide.ha.rounds", matches = "[0-9]+")
class HaFaultCampaignTest {
    private static final long SEED = Long.getLong("bolide.ha.seed", 14L);
    private static final int ROUNDS = Integer.getInteger("bolide.ha.rounds", 0);

    @Test
    void shouldLoseNoAcknowledgedMessageInAnyRound() throws Exception {
        Random random = new Random(SEED);
        FaultBodies bodies = new FaultBodies(SEED);
        List<FaultRound.Result> results = new ArrayList<>();
        long started = System.nanoTime();
        String failure = null;
        try (HaGroup group = HaGroup.start(bodies)) {
            for (int round = 0; round < ROUNDS && failure == null; round++) {
                FaultRound.Kind kind =
                        FaultRound.Kind.values()[random.nextInt(FaultRound.Kind.values().length)];
                try {
                    results.add(new FaultRound(group, bodies, round, random).run(kind));
                } catch (Exception | Error e) {
                    group.keep();
                    failure =
                            "round "
                                    + round
                                    + " ("
                                    + kind
                                    + ") failed, seed "
                                    + SEED
                                    + ", logs in "
                                    + group.logs()
                                    + ": "
                                    + e;
                }
            }
        }
        long seconds = (System.nanoTime() - started) / 1_000_000_000;
        String tally = tally(results, seconds, failure) + byKind(results);
        Files.writeString(Path.of("target", "ha-faults-result.txt"), tally, StandardCharsets.UTF_8);
        System.out.println(tally);
        assertThat(failure).as(tally).isNull();
    }

    /** One line per fault kind: rounds, sends by answer, losses, duplicates, seconds. */
    private static String byKind(List<FaultRound.Result> results) {
        StringBuilder lines = new StringBuilder();
        for (FaultRound.Kind kind : FaultRound.Kind.values()) {
            List<FaultRound.Result> of = results.stream().filter(r -> r.kind() == kind).toList();
            lines.append(kind)
                    .append(": rounds=")
                    .append(of.size())
                    .append(" sendOk=")
                    .append(of.stream().mapToLong(FaultRound.Result::acked).sum())
                    .append(" storedWithoutSlave=")
                    .append(of.stream().mapToLong(FaultRound.Result::unsynced).sum())
                    .append(" failedSends=")
                    .append(of.stream().mapToLong(FaultRound.Result::failed).sum())
                    .append(" ackedLost=")
                    .append(of.stream().mapToLong(FaultRound.Result::lost).sum())
                    .append(" duplicates=")
                    .append(of.stream().mapToLong(FaultRound.Result::duplicates).sum())
                    .append(" seconds=")
                    .append(of.stream().mapToLong(FaultRound.Result::millis).sum() / 1000)
                    .append('\n');
        }
        return lines.toString();
    }

    private static String tally(List<FaultRound.Result> results, long seconds, String failure) {
        Map<FaultRound.Kind, Integer> kinds = new EnumMap<>(FaultRound.Kind.class);
        long acked = 0;
        long unsynced = 0;
        long failed = 0;
        long lost = 0;
        long unsyncedMissing = 0;
        long corrupt = 0;
        long duplicates = 0;
        long redelivered = 0;
        for (FaultRound.Result r : results) {
            kinds.merge(r.kind(), 1, Integer::sum);
            acked += r.acked();
            unsynced += r.unsynced();
            failed += r.failed();
            lost += r.lost();
            unsyncedMissing += r.unsyncedMissing();
            corrupt += r.corrupt();
            duplicates += r.duplicates();
            redelivered += r.redelivered();
        }
        return "seed="
                + SEED
                + " rounds="
                + results.size()
                + "/"
                + ROUNDS
                + " faults="
                + kinds
                + " sendOk="
                + acked
                + " storedWithoutSlave="
                + unsynced
                + " failedSends="
                + failed
                + " ackedLost="
                + lost
                + " storedLost="
                + unsyncedMissing
                + " corrupt="
                + corrupt
                + " duplicates="
                + duplicates
                + " seconds="
                + seconds
                + (failure == null ? "" : "\nFAILED: " + failure)
                + "\n";
    }
}
