package io.bolide.broker.metrics;

import io.bolide.broker.table.ConsumerOffsetTable;
import io.bolide.store.MessageStore;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.time.InstantSource;
import java.util.Map;

/**
 * Consumer lag per topic and group, from the committed offsets and the queues' ends: {@code
 * rocketmq_consumer_lag_messages} (messages stored and not yet committed) and {@code
 * rocketmq_consumer_lag_latency} (how long the oldest of them has waited, milliseconds), as the
 * reference computes them. Read at a scrape: one offset lookup per queue a group has committed on,
 * and a store-time lookup per queue that lags.
 */
final class LagCollector implements MultiCollector {
    private final ConsumerOffsetTable offsets;
    private final MessageStore store;
    private final InstantSource clock;
    private final Labels node;

    LagCollector(
            ConsumerOffsetTable offsets, MessageStore store, InstantSource clock, Labels node) {
        this.offsets = offsets;
        this.store = store;
        this.clock = clock;
        this.node = node;
    }

    @Override
    public MetricSnapshots collect() {
        Family messages =
                Family.gauge(
                        "rocketmq_consumer_lag_messages",
                        "Messages stored and not yet consumed, per topic and group",
                        node);
        Family latency =
                Family.gauge(
                        "rocketmq_consumer_lag_latency",
                        "How long the oldest unconsumed message has waited (milliseconds)",
                        node);
        long now = clock.millis();
        for (Map.Entry<String, Map<Integer, Long>> entry :
                offsets.snapshot().offsetTable().entrySet()) {
            String key = entry.getKey();
            int at = key.lastIndexOf('@');
            if (at > 0) {
                add(
                        key.substring(0, at),
                        key.substring(at + 1),
                        entry.getValue(),
                        now,
                        messages,
                        latency);
            }
        }
        return MetricSnapshots.of(messages.snapshot(), latency.snapshot());
    }

    /** One group's lag on one topic: the sum over its queues, and the oldest waiting message. */
    private void add(
            String topic,
            String group,
            Map<Integer, Long> committed,
            long now,
            Family messages,
            Family latency) {
        String[] labels = {
            "topic",
            topic,
            "consumer_group",
            group,
            "is_retry",
            TopicKinds.isRetry(topic),
            "is_system",
            TopicKinds.isSystem(topic)
        };
        long lag = 0;
        long oldest = now;
        for (Map.Entry<Integer, Long> queue : committed.entrySet()) {
            long offset = Math.max(0, queue.getValue());
            long behind = Math.max(0, store.maxOffset(topic, queue.getKey()) - offset);
            if (behind > 0) {
                lag += behind;
                long stored = store.storeTimestamp(topic, queue.getKey(), offset);
                oldest = stored > 0 ? Math.min(oldest, stored) : oldest;
            }
        }
        messages.add(lag, labels);
        latency.add(Math.max(0, now - oldest), labels);
    }
}
