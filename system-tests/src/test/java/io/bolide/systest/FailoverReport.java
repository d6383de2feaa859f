package io.bolide.systest;

import java.util.ArrayList;
import java.util.List;

/**
 * The fail-over campaign's table: one row per fault kind (a round with two faults counts in both
 * rows), with the rounds, the acknowledged sends, lost / divergent / split (each must be 0),
 * duplicates delivered, and the time from the fault to the first successful send after it on its
 * group (for a fault on a master: on another broker, the new master, when one took over), p50 and
 * p99.
 */
final class FailoverReport {
    private final String impl;
    private final long seed;
    private final int planned;
    private final List<FailoverChecks.Result> results;
    private final long seconds;
    private final String failure;

    private FailoverReport(
            String impl,
            long seed,
            int planned,
            List<FailoverChecks.Result> results,
            long seconds,
            String failure) {
        this.impl = impl;
        this.seed = seed;
        this.planned = planned;
        this.results = results;
        this.seconds = seconds;
        this.failure = failure;
    }

    static FailoverReport of(
            String impl,
            long seed,
            int planned,
            List<FailoverChecks.Result> results,
            long seconds,
            String failure) {
        return new FailoverReport(impl, seed, planned, results, seconds, failure);
    }

    String markdown() {
        StringBuilder out = new StringBuilder();
        out.append("impl=")
                .append(impl)
                .append(" seed=")
                .append(seed)
                .append(" rounds=")
                .append(results.size())
                .append('/')
                .append(planned)
                .append(" seconds=")
                .append(seconds)
                .append(verdict())
                .append(
                        "\n\n| fault | rounds | acknowledged | lost | undelivered | divergent | split epochs |")
                .append(" duplicates delivered | recovery p50 ms | recovery p99 ms |")
                .append(" restarted to heal |\n")
                .append("|---|---|---|---|---|---|---|---|---|---|---|\n");
        for (FailoverRound.Fault fault : FailoverRound.Fault.values()) {
            row(
                    out,
                    fault.name(),
                    results.stream().filter(r -> r.faults().contains(fault)).toList(),
                    fault);
        }
        row(out, "all", results, null);
        return out.toString();
    }

    /** PASSED only once every planned round ran; a table written mid-run says so. */
    private String verdict() {
        if (failure != null) {
            return "\nFAILED: " + failure;
        }
        return results.size() < planned ? " IN PROGRESS" : " PASSED";
    }

    private static void row(
            StringBuilder out,
            String name,
            List<FailoverChecks.Result> of,
            FailoverRound.Fault fault) {
        List<Long> times = new ArrayList<>();
        for (FailoverChecks.Result r : of) {
            for (int i = 0; i < r.faults().size(); i++) {
                if ((fault == null || r.faults().get(i) == fault)
                        && r.recoveryMillis().get(i) >= 0) {
                    times.add(r.recoveryMillis().get(i));
                }
            }
        }
        times.sort(null);
        out.append("| ")
                .append(name)
                .append(" | ")
                .append(of.size())
                .append(" | ")
                .append(of.stream().mapToLong(FailoverChecks.Result::acked).sum())
                .append(" | ")
                .append(of.stream().mapToLong(FailoverChecks.Result::lost).sum())
                .append(" | ")
                .append(of.stream().mapToLong(FailoverChecks.Result::undelivered).sum())
                .append(" | ")
                .append(of.stream().mapToLong(FailoverChecks.Result::divergent).sum())
                .append(" | ")
                .append(of.stream().mapToLong(FailoverChecks.Result::split).sum())
                .append(" | ")
                .append(of.stream().mapToLong(FailoverChecks.Result::duplicatesDelivered).sum())
                .append(" | ")
                .append(percentile(times, 50))
                .append(" | ")
                .append(percentile(times, 99))
                .append(" | ")
                .append(of.stream().mapToLong(FailoverChecks.Result::restarts).sum())
                .append(" |\n");
    }

    private static String percentile(List<Long> sorted, int p) {
        if (sorted.isEmpty()) {
            return "-";
        }
        int index = (int) Math.ceil(p / 100.0 * sorted.size()) - 1;
        return Long.toString(sorted.get(Math.max(0, index)));
    }
}
