package io.bolide.remoting.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class RecentSnapshotsTest {
    private final AtomicLong clock = new AtomicLong(1_000);
    private final AtomicInteger collects = new AtomicInteger();

    private MetricSnapshots counting() {
        int n = collects.incrementAndGet();
        return MetricSnapshots.of(
                GaugeSnapshot.builder()
                        .name("collects")
                        .dataPoint(
                                GaugeSnapshot.GaugeDataPointSnapshot.builder()
                                        .value(n)
                                        .labels(Labels.EMPTY)
                                        .build())
                        .build());
    }

    private static double value(MetricSnapshots snapshots) {
        return ((GaugeSnapshot) snapshots.get(0)).getDataPoints().get(0).getValue();
    }

    @Test
    void answersWithTheLastSnapshotWhileItIsYoungerThanTheMaximumAge() {
        RecentSnapshots recent = new RecentSnapshots(this::counting, 100, clock::get);

        assertThat(value(recent.collect())).isEqualTo(1);
        clock.addAndGet(99);
        assertThat(value(recent.collect())).isEqualTo(1);
        assertThat(collects).hasValue(1);
    }

    @Test
    void collectsAgainOnceTheSnapshotHasReachedTheMaximumAge() {
        RecentSnapshots recent = new RecentSnapshots(this::counting, 100, clock::get);
        recent.collect();

        clock.addAndGet(100);

        assertThat(value(recent.collect())).isEqualTo(2);
        clock.addAndGet(250);
        assertThat(value(recent.collect())).isEqualTo(3);
        assertThat(collects).hasValue(3);
    }
}
