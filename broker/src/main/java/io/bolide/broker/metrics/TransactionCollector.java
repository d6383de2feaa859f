package io.bolide.broker.metrics;

import io.bolide.broker.stats.TransactionStats;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot.HistogramDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricMetadata;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.ArrayList;
import java.util.List;

/**
 * Transactional messages by real topic, under the reference's names: {@code rocketmq_half_messages}
 * (waiting for an outcome), {@code rocketmq_commit_messages_total}, {@code
 * rocketmq_rollback_messages_total} and {@code rocketmq_finish_message_latency} (birth to commit,
 * in seconds as the reference records it, in its ranges from 5 s to a day).
 */
final class TransactionCollector implements MultiCollector {
    private final TransactionStats stats;
    private final Labels node;

    TransactionCollector(TransactionStats stats, Labels node) {
        this.stats = stats;
        this.node = node;
    }

    @Override
    public MetricSnapshots collect() {
        Family half = Family.gauge("rocketmq_half_messages", "Half messages waiting", node);
        // Never below 0: a count that raced a restart's recount must not show a negative backlog.
        stats.half().forEach((topic, n) -> half.add(Math.max(0, n), "topic", topic));
        Family commits =
                Family.counter(
                        "rocketmq_commit_messages", "Transactional messages committed", node);
        stats.commits().forEach((topic, n) -> commits.add(n, "topic", topic));
        Family rollbacks =
                Family.counter(
                        "rocketmq_rollback_messages", "Transactional messages rolled back", node);
        stats.rollbacks().forEach((topic, n) -> rollbacks.add(n, "topic", topic));
        List<HistogramDataPointSnapshot> finish = new ArrayList<>();
        stats.forEachFinish(
                (topic, buckets) ->
                        finish.add(
                                Histograms.point(node.merge(Labels.of("topic", topic)), buckets)));
        return MetricSnapshots.of(
                half.snapshot(),
                commits.snapshot(),
                rollbacks.snapshot(),
                new HistogramSnapshot(
                        new MetricMetadata(
                                "rocketmq_finish_message_latency",
                                "Time from a transactional message's birth to its commit (s)"),
                        finish));
    }
}
