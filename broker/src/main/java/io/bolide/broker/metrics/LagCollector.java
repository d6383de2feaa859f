package io.bolide.broker.metrics;

import io.bolide.broker.stats.PullOffsets;
import io.bolide.broker.table.ConsumerOffsetTable;
import io.bolide.store.MessageStore;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.time.InstantSource;
import java.util.Map;

/**
 * The reference's consumer-lag family per topic and group ({@link GroupLag} says how each is
 * split): {@code rocketmq_consumer_lag_messages}, {@code rocketmq_consumer_lag_latency} (ms),
 * {@code rocketmq_consumer_inflight_messages}, {@code rocketmq_consumer_ready_messages} and {@code
 * rocketmq_consumer_queueing_latency} (ms). Read at a scrape from the committed offsets, the pull
 * and POP positions and the queues' ends: per queue a group has committed on, three offset lookups
 * and up to two store-time lookups. Nothing is counted per message for them.
 */
final class LagCollector implements MultiCollector {
    private final ConsumerOffsetTable offsets;
    private final PullOffsets pulls;
    private final PopPositions pops;
    private final MessageStore store;
    private final InstantSource clock;
    private final Labels node;

    LagCollector(Sources sources, InstantSource clock, Labels node) {
        this.offsets = sources.offsets();
        this.pulls = sources.stats().pulls();
        this.pops = sources.pops();
        this.store = sources.store();
        this.clock = clock;
        this.node = node;
    }

    @Override
    public MetricSnapshots collect() {
        Family messages = gauge("lag_messages", "Messages stored and not yet consumed");
        Family latency =
                gauge("lag_latency", "How long the oldest unconsumed message has waited (ms)");
        Family inFlight = gauge("inflight_messages", "Messages delivered and not yet consumed");
        Family ready = gauge("ready_messages", "Messages stored and not yet delivered");
        Family queueing =
                gauge(
                        "queueing_latency",
                        "How long the oldest undelivered message has waited (ms)");
        long now = clock.millis();
        for (Map.Entry<String, Map<Integer, Long>> entry :
                offsets.snapshot().offsetTable().entrySet()) {
            String key = entry.getKey();
            int at = key.lastIndexOf('@');
            if (at <= 0) {
                continue;
            }
            String topic = key.substring(0, at);
            String group = key.substring(at + 1);
            GroupLag lag = lag(topic, group, entry.getValue());
            String[] labels = labels(topic, group);
            messages.add(lag.lag, labels);
            latency.add(lag.lagLatency(now), labels);
            inFlight.add(lag.inFlight, labels);
            ready.add(lag.ready, labels);
            queueing.add(lag.queueingLatency(now), labels);
        }
        return MetricSnapshots.of(
                messages.snapshot(),
                latency.snapshot(),
                inFlight.snapshot(),
                ready.snapshot(),
                queueing.snapshot());
    }

    private Family gauge(String name, String help) {
        return Family.gauge("rocketmq_consumer_" + name, help + ", per topic and group", node);
    }

    private GroupLag lag(String topic, String group, Map<Integer, Long> committed) {
        GroupLag lag = new GroupLag();
        for (Map.Entry<Integer, Long> queue : committed.entrySet()) {
            int queueId = queue.getKey();
            lag.add(
                    store,
                    topic,
                    queueId,
                    queue.getValue(),
                    pulls.query(group, topic, queueId),
                    pops.find(group, topic, queueId));
        }
        return lag;
    }

    private static String[] labels(String topic, String group) {
        return new String[] {
            "topic",
            topic,
            "consumer_group",
            group,
            "is_retry",
            TopicKinds.isRetry(topic),
            "is_system",
            TopicKinds.isSystem(topic)
        };
    }
}
