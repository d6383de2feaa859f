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
 * acknowledged message, found diverging replicas or two writers in one epoch, or failed.
 */
public final class FailoverCampaign {
    private FailoverCampaign() {}

    public static void main(String[] args) throws Exception {
        long seed = Long.getLong("bolide.fo.seed", 19L);
        int rounds = Integer.getInteger("bolide.fo.rounds", 3);
        String impl = System.getProperty("bolide.fo.impl", "apache");
        Path script = Path.of(System.getProperty("bolide.fo.script"));
        Path runDir = Path.of(System.getProperty("bolide.fo.runDir"));
        boolean delay = Boolean.getBoolean("bolide.fo.delay");
        Random random = new Random(seed);
        FaultBodies bodies = new FaultBodies(seed);
        List<FailoverChecks.Result> results = new ArrayList<>();
        String failure = null;
        long started = System.nanoTime();
        try (FailoverCluster cluster = FailoverCluster.start(script, runDir, bodies)) {
            for (int round = 0; round < rounds && failure == null; round++) {
                try {
                    FailoverChecks.Result result =
                            new FailoverRound(cluster, bodies, round, random, delay).run();
                    results.add(result);
                    failure = verdict(result);
                    // The table so far, after every round: a long run stopped early still has one.
                    write(
                            runDir,
                            FailoverReport.of(
                                    impl, seed, rounds, results, since(started), failure));
                } catch (Exception | Error e) {
                    failure = "round " + round + " failed: " + e;
                    e.printStackTrace();
                }
            }
        } catch (Exception | Error e) {
            failure = "the cluster failed: " + e;
            e.printStackTrace();
        }
        String report =
                write(
                        runDir,
                        FailoverReport.of(impl, seed, rounds, results, since(started), failure));
        System.out.println(report);
        System.out.flush();
        Runtime.getRuntime().halt(failure == null ? 0 : 1);
    }

    private static long since(long started) {
        return (System.nanoTime() - started) / 1_000_000_000;
    }

    private static String write(Path runDir, FailoverReport report) throws java.io.IOException {
        String markdown = report.markdown();
        Files.writeString(runDir.resolve("failover-result.txt"), markdown, StandardCharsets.UTF_8);
        return markdown;
    }

    private static String verdict(FailoverChecks.Result r) {
        if (r.lost() == 0 && r.divergent() == 0 && r.split() == 0 && r.corrupt() == 0) {
            return null;
        }
        return "round " + r.round() + " broke a guarantee: " + r;
    }
}
