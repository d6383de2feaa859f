package io.bolide.broker.metrics;

import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.CounterSnapshot.CounterDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot.GaugeDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricMetadata;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import java.util.ArrayList;
import java.util.List;

/**
 * One metric family being read at a scrape: its name, help, and a value per label set, each label
 * set carrying the node's labels (cluster, node type, node id) first.
 */
final class Family {
    private final boolean counter;
    private final String name;
    private final String help;
    private final Labels node;
    private final List<CounterDataPointSnapshot> counts = new ArrayList<>();
    private final List<GaugeDataPointSnapshot> values = new ArrayList<>();

    private Family(boolean counter, String name, String help, Labels node) {
        this.counter = counter;
        this.name = name;
        this.help = help;
        this.node = node;
    }

    /** A counter; {@code name} without the {@code _total} the exposition appends. */
    static Family counter(String name, String help, Labels node) {
        return new Family(true, name, help, node);
    }

    static Family gauge(String name, String help, Labels node) {
        return new Family(false, name, help, node);
    }

    /** Adds a value; {@code labels} alternate names and values. */
    Family add(double value, String... labels) {
        return add(value, labels.length == 0 ? Labels.EMPTY : Labels.of(labels));
    }

    Family add(double value, Labels labels) {
        Labels all = labels.isEmpty() ? node : node.merge(labels);
        if (counter) {
            counts.add(CounterDataPointSnapshot.builder().labels(all).value(value).build());
        } else {
            values.add(GaugeDataPointSnapshot.builder().labels(all).value(value).build());
        }
        return this;
    }

    MetricSnapshot snapshot() {
        if (counter) {
            return new CounterSnapshot(meta(), counts);
        }
        return new GaugeSnapshot(meta(), values);
    }

    private MetricMetadata meta() {
        return new MetricMetadata(name, help);
    }
}
