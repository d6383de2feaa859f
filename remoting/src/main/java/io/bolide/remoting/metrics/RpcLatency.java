package io.bolide.remoting.metrics;

import io.bolide.remoting.RequestObserver;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot.HistogramDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricMetadata;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.atomic.LongAdder;

/**
 * {@code rocketmq_rpc_latency}: the time from a request's dispatch to its answer, in milliseconds,
 * by request and response code, under the reference's name and labels. A held pull counts its hold.
 *
 * <p>Every answered request passes here, on whichever thread answers (often an I/O thread), so
 * recording never blocks: each (request, response) pair has a cell of {@link LongAdder} buckets,
 * found in an open-addressed table keyed by the two codes — no boxing, no lock, and an allocation
 * only the first time a pair is seen. (The client library's own histogram briefly locks observers
 * out while a scrape reads it, which an I/O thread must not wait for.) Pairs beyond the table's
 * room share one {@code other} series, so a client sending random codes cannot grow the endpoint
 * without bound. A scrape reads the cells; the bucket counts and the sum are read one after the
 * other, so a scrape during traffic may see a sum a request or two ahead of its count.
 */
public final class RpcLatency implements RequestObserver, MultiCollector {
    static final String NAME = "rocketmq_rpc_latency";
    private static final double[] BOUNDS_MS = {
        1, 3, 5, 10, 20, 50, 100, 200, 500, 1000, 3000, 10000, 30000
    };
    private static final long[] BOUNDS_NANOS = nanos(BOUNDS_MS);
    private static final int SLOTS = 512;
    private static final int MAX_PROBES = 32;
    private static final String PROTOCOL = "remoting";

    private final AtomicReferenceArray<Cell> cells = new AtomicReferenceArray<>(SLOTS);
    private final Cell overflow = new Cell(Long.MIN_VALUE, "other", "other");

    private static long[] nanos(double[] millis) {
        long[] nanos = new long[millis.length];
        for (int i = 0; i < millis.length; i++) {
            nanos[i] = (long) (millis[i] * 1_000_000);
        }
        return nanos;
    }

    @Override
    public void answered(int requestCode, int responseCode, long nanos) {
        cell(requestCode, responseCode).record(nanos);
    }

    private Cell cell(int requestCode, int responseCode) {
        long key = ((long) requestCode << 32) | (responseCode & 0xFFFF_FFFFL);
        int start = Long.hashCode(key * 0x9E37_79B9_7F4A_7C15L) & (SLOTS - 1);
        for (int probe = 0; probe < MAX_PROBES; probe++) {
            int slot = (start + probe) & (SLOTS - 1);
            Cell cell = cells.get(slot);
            if (cell == null) {
                Cell made =
                        new Cell(
                                key, Integer.toString(requestCode), Integer.toString(responseCode));
                cell = cells.compareAndSet(slot, null, made) ? made : cells.get(slot);
            }
            if (cell.key == key) {
                return cell;
            }
        }
        return overflow;
    }

    /** The buckets' upper bounds in milliseconds; the last bucket has none (+Inf). */
    public static double[] boundsMillis() {
        return BOUNDS_MS.clone();
    }

    /**
     * The (not cumulative) bucket counts so far of the requests with one of {@code requestCodes},
     * every response code together: what the console's latency chart reads from this histogram.
     */
    public long[] bucketCounts(int... requestCodes) {
        long[] counts = new long[BOUNDS_NANOS.length + 1];
        for (int slot = 0; slot < SLOTS; slot++) {
            Cell cell = cells.get(slot);
            if (cell != null && contains(requestCodes, (int) (cell.key >>> 32))) {
                for (int i = 0; i < counts.length; i++) {
                    counts[i] += cell.buckets[i].sum();
                }
            }
        }
        return counts;
    }

    private static boolean contains(int[] codes, int code) {
        for (int candidate : codes) {
            if (candidate == code) {
                return true;
            }
        }
        return false;
    }

    @Override
    public MetricSnapshots collect() {
        List<HistogramDataPointSnapshot> points = new ArrayList<>();
        for (int slot = 0; slot < SLOTS; slot++) {
            Cell cell = cells.get(slot);
            if (cell != null) {
                points.add(cell.snapshot());
            }
        }
        if (overflow.sumNanos.sum() > 0) {
            points.add(overflow.snapshot());
        }
        return MetricSnapshots.of(
                new HistogramSnapshot(
                        new MetricMetadata(
                                NAME,
                                "Time from a request's dispatch to its answer (milliseconds)"),
                        points));
    }

    /** One (request, response) pair's histogram. */
    private static final class Cell {
        final long key;
        final Labels labels;
        final LongAdder[] buckets = new LongAdder[BOUNDS_NANOS.length + 1];
        final LongAdder sumNanos = new LongAdder();

        Cell(long key, String request, String response) {
            this.key = key;
            this.labels =
                    Labels.of(
                            "protocol_type",
                            PROTOCOL,
                            "request_code",
                            request,
                            "response_code",
                            response);
            for (int i = 0; i < buckets.length; i++) {
                buckets[i] = new LongAdder();
            }
        }

        void record(long nanos) {
            int bucket = 0;
            while (bucket < BOUNDS_NANOS.length && nanos > BOUNDS_NANOS[bucket]) {
                bucket++;
            }
            buckets[bucket].increment();
            sumNanos.add(nanos);
        }

        HistogramDataPointSnapshot snapshot() {
            double[] upper = new double[buckets.length];
            long[] counts = new long[buckets.length];
            for (int i = 0; i < buckets.length; i++) {
                upper[i] = i < BOUNDS_MS.length ? BOUNDS_MS[i] : Double.POSITIVE_INFINITY;
                counts[i] = buckets[i].sum();
            }
            return HistogramDataPointSnapshot.builder()
                    .labels(labels)
                    .classicHistogramBuckets(ClassicHistogramBuckets.of(upper, counts))
                    .sum(sumNanos.sum() / 1_000_000.0)
                    .build();
        }
    }
}
