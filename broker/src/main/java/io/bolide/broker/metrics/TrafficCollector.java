package io.bolide.broker.metrics;

import io.bolide.broker.stats.BrokerStats;
import io.bolide.broker.stats.MessageSizes;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot.HistogramDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricMetadata;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.List;

/**
 * Messages and bytes in (stored, per topic) and out (pulled, per topic and group), and the stored
 * messages' sizes, under the reference's RIP-46 names. Read from {@link BrokerStats}, which the
 * send and pull paths count into anyway: a scrape builds the label sets, a message never does.
 */
final class TrafficCollector implements MultiCollector {
    private final BrokerStats stats;
    private final Labels node;

    TrafficCollector(BrokerStats stats, Labels node) {
        this.stats = stats;
        this.node = node;
    }

    @Override
    public MetricSnapshots collect() {
        Family in = Family.counter("rocketmq_messages_in", "Messages stored", node);
        Family out = Family.counter("rocketmq_messages_out", "Messages pulled", node);
        Family bytesIn = Family.counter("rocketmq_throughput_in", "Bytes stored", node);
        Family bytesOut = Family.counter("rocketmq_throughput_out", "Bytes pulled", node);
        stats.visit(
                new BrokerStats.Visitor() {
                    @Override
                    public void put(String topic, long messages, long bytes) {
                        String system = TopicKinds.isSystem(topic);
                        in.add(messages, "topic", topic, "is_system", system);
                        bytesIn.add(bytes, "topic", topic, "is_system", system);
                    }

                    @Override
                    public void got(String topic, String group, long messages, long bytes) {
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
                        out.add(messages, labels);
                        bytesOut.add(bytes, labels);
                    }
                });
        return MetricSnapshots.of(
                in.snapshot(), out.snapshot(), bytesIn.snapshot(), bytesOut.snapshot(), sizes());
    }

    /** {@code rocketmq_message_size}: the stored records' sizes (bytes), broker-wide. */
    private HistogramSnapshot sizes() {
        MessageSizes sizes = stats.sizes();
        long[] bounds = MessageSizes.bounds();
        double[] upper = new double[bounds.length + 1];
        for (int i = 0; i < bounds.length; i++) {
            upper[i] = bounds[i];
        }
        upper[bounds.length] = Double.POSITIVE_INFINITY;
        HistogramDataPointSnapshot point =
                HistogramDataPointSnapshot.builder()
                        .labels(node)
                        .classicHistogramBuckets(ClassicHistogramBuckets.of(upper, sizes.counts()))
                        .sum(sizes.bytes())
                        .build();
        return new HistogramSnapshot(
                new MetricMetadata("rocketmq_message_size", "Sizes of stored messages (bytes)"),
                List.of(point));
    }
}
