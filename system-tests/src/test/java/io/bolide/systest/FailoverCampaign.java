package io.bolide.systest;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The fail-over fault campaign (issue #19), run by {@code system-tests/run-failover-faults.sh} in
 * the client's network namespace: {@code bolide.fo.rounds} rounds on one long-lived {@link
 * FailoverCluster}, each drawn from {@code bolide.fo.seed} ({@link FailoverRound}), checked by
 * {@link FailoverChecks}. Writes the per-fault table to {@code failover-result.txt} (a Markdown
 * table, rewritten after every round) in the run directory and exits 1 if any round lost an
 * acknowledged message, left one undelivered, found diverging replicas or two writers in one epoch,
 * or failed.
 */
public final class FailoverCampaign {
    private final long seed = Long.getLong("bolide.fo.seed", 19L);
    private final int rounds = Integer.getInteger("bolide.fo.rounds", 3);
    private final String impl = System.getProperty("bolide.fo.impl", "apache");
    private final Path runDir = Path.of(System.getProperty("bolide.fo.runDir"));
    private final boolean delay = Boolean.getBoolean("bolide.fo.delay");
    private final Random random = new Random(seed);
    private final FaultBodies bodies = new FaultBodies(seed);
    private final List<FailoverChecks.Result> results = new ArrayList<>();
    private final long started = System.nanoTime();
    private String failure;

    private FailoverCampaign() {}

    public static void main(String[] args) throws Exception {
        FailoverCampaign campaign = new FailoverCampaign();
        Path script = Path.of(System.getProperty("bolide.fo.script"));
        try (FailoverCluster cluster =
                FailoverCluster.start(script, campaign.runDir, campaign.bodies)) {
            campaign.run(cluster);
        } catch (Exception | Error e) {
            campaign.failure = "the cluster failed: " + e;
            e.printStackTrace();
        }
        System.out.println(campaign.write());
        System.out.flush();
        Runtime.getRuntime().halt(campaign.failure == null ? 0 : 1);
    }

    /**
     * The rounds. One that broke a guarantee is recorded and the campaign goes on (the table then
     * shows every failure, the first named); one that could not finish ends it.
     */
    private void run(FailoverCluster cluster) throws java.io.IOException {
        for (int round = 0; round < rounds; round++) {
            try {
                FailoverChecks.Result result =
                        new FailoverRound(cluster, bodies, round, random, delay).run();
                results.add(result);
                failure = failure == null ? verdict(result) : failure;
                // The table so far, after every round: a long run stopped early still has one.
                write();
            } catch (Exception | Error e) {
                failure = "round " + round + " failed: " + e;
                e.printStackTrace();
                return;
            }
        }
    }

    private String write() throws java.io.IOException {
        long seconds = (System.nanoTime() - started) / 1_000_000_000;
        String markdown =
                FailoverReport.of(impl, seed, rounds, results, seconds, failure).markdown();
        Files.writeString(runDir.resolve("failover-result.txt"), markdown, StandardCharsets.UTF_8);
        return markdown;
    }

    private static String verdict(FailoverChecks.Result r) {
        if (r.lost() == 0
                && r.undelivered() == 0
                && r.divergent() == 0
                && r.split() == 0
                && r.corrupt() == 0) {
            return null;
        }
        return "round " + r.round() + " broke a guarantee: " + r;
    }
}
