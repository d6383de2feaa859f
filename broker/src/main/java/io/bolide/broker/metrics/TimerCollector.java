package io.bolide.broker.metrics;

import io.bolide.broker.delay.DelayTopics;
import io.bolide.broker.stats.TimerStats;
import io.bolide.store.MessageStore;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;

/**
 * The timer wheel under the reference's timer names: by real topic {@code
 * rocketmq_timer_enqueue_total} (filed in the wheel), {@code rocketmq_timer_dequeue_total}
 * (delivered) and {@code rocketmq_timing_messages} (waiting: their difference); and, where the
 * wheel runs (a master), {@code rocketmq_timer_enqueue_lag} / {@code _latency} (timer messages
 * stored and not filed yet, and how long the oldest has waited, ms) and {@code
 * rocketmq_timer_dequeue_lag} / {@code _latency} (due messages not delivered yet, and how far the
 * delivered-up-to time trails the clock, ms).
 */
final class TimerCollector implements MultiCollector {
    private final TimerStats stats;
    private final MessageStore store;
    private final InstantSource clock;
    private final Labels node;

    TimerCollector(TimerStats stats, MessageStore store, InstantSource clock, Labels node) {
        this.stats = stats;
        this.store = store;
        this.clock = clock;
        this.node = node;
    }

    @Override
    public MetricSnapshots collect() {
        Family in = Family.counter("rocketmq_timer_enqueue", "Timer messages filed", node);
        stats.enqueued().forEach((topic, n) -> in.add(n, "topic", topic));
        Family out = Family.counter("rocketmq_timer_dequeue", "Timer messages delivered", node);
        Family timing = Family.gauge("rocketmq_timing_messages", "Timer messages waiting", node);
        stats.dequeued().forEach((topic, n) -> out.add(n, "topic", topic));
        stats.enqueued()
                .forEach(
                        (topic, n) ->
                                timing.add(
                                        Math.max(0, n - stats.dequeued().get(topic)),
                                        "topic",
                                        topic));
        List<MetricSnapshot> all = new ArrayList<>(List.of(in.snapshot(), out.snapshot()));
        all.add(timing.snapshot());
        long read = stats.readOffset();
        if (read >= 0) {
            wheel(read, all);
        }
        return new MetricSnapshots(all);
    }

    private void wheel(long read, List<MetricSnapshot> into) {
        long now = clock.millis();
        long end = store.maxOffset(DelayTopics.TIMER_TOPIC, 0);
        long behind = Math.max(0, end - read);
        long oldest = behind > 0 ? store.storeTimestamp(DelayTopics.TIMER_TOPIC, 0, read) : 0;
        into.add(gauge("rocketmq_timer_enqueue_lag", "Timer messages not filed yet", behind));
        into.add(
                gauge(
                        "rocketmq_timer_enqueue_latency",
                        "How long the oldest timer message not filed has waited (ms)",
                        oldest > 0 ? Math.max(0, now - oldest) : 0));
        into.add(
                gauge(
                        "rocketmq_timer_dequeue_lag",
                        "Due timer messages not delivered yet",
                        stats.overdue()));
        into.add(
                gauge(
                        "rocketmq_timer_dequeue_latency",
                        "How far the delivered-up-to time trails the clock (ms)",
                        Math.max(0, now - stats.deliveredUpToMs())));
    }

    private MetricSnapshot gauge(String name, String help, long value) {
        return Family.gauge(name, help, node).add(value).snapshot();
    }
}
