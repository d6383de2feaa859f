package io.bolide.namesrv.metrics;

import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot.GaugeDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricMetadata;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.List;
import java.util.function.IntSupplier;

/**
 * What the name server knows, read from its route table at a scrape: the brokers alive in it and
 * the topics routed. The reference's name server has no such gauges; they carry Bolide's prefix.
 */
final class RegistryCollector implements MultiCollector {
    private static final Labels NODE = Labels.of("node_type", "namesrv");

    private final IntSupplier brokers;
    private final IntSupplier topics;

    RegistryCollector(IntSupplier brokers, IntSupplier topics) {
        this.brokers = brokers;
        this.topics = topics;
    }

    @Override
    public MetricSnapshots collect() {
        return MetricSnapshots.of(
                gauge("bolide_namesrv_brokers", "Brokers registered and alive", brokers),
                gauge("bolide_namesrv_topics", "Topics with queues on some broker", topics));
    }

    private static GaugeSnapshot gauge(String name, String help, IntSupplier value) {
        GaugeDataPointSnapshot point =
                GaugeDataPointSnapshot.builder().labels(NODE).value(value.getAsInt()).build();
        return new GaugeSnapshot(new MetricMetadata(name, help), List.of(point));
    }
}
