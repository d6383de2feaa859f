package io.bolide.broker.metrics;

import io.bolide.broker.stats.Buckets;
import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot.HistogramDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;

/** Turns {@link Buckets} into a histogram series (classic buckets, the last one {@code +Inf}). */
final class Histograms {
    private Histograms() {}

    static HistogramDataPointSnapshot point(Labels labels, Buckets buckets) {
        return point(labels, buckets.bounds(), buckets.counts(), buckets.sum());
    }

    /** As above from the ranges' bounds, their (not cumulative) counts and the sum. */
    static HistogramDataPointSnapshot point(
            Labels labels, long[] bounds, long[] counts, double sum) {
        double[] upper = new double[bounds.length + 1];
        for (int i = 0; i < bounds.length; i++) {
            upper[i] = bounds[i];
        }
        upper[bounds.length] = Double.POSITIVE_INFINITY;
        return HistogramDataPointSnapshot.builder()
                .labels(labels)
                .classicHistogramBuckets(ClassicHistogramBuckets.of(upper, counts))
                .sum(sum)
                .build();
    }
}
