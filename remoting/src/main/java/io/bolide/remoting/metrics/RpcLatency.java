package io.bolide.remoting.metrics;

import io.bolide.remoting.RequestObserver;
import io.prometheus.metrics.core.datapoints.DistributionDataPoint;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * {@code rocketmq_rpc_latency}: the time from a request's dispatch to its answer, in milliseconds,
 * by request and response code, under the reference's name and labels. A held pull counts its hold.
 *
 * <p>Every answered request passes here, so the label set of each (request, response) pair is
 * looked up in an open-addressed table of cells keyed by the two codes: no boxing, no lock, and an
 * allocation only the first time a pair is seen. Pairs beyond the table's room share one {@code
 * other} series, so a client sending random codes cannot grow the endpoint without bound.
 */
public final class RpcLatency implements RequestObserver {
    static final String NAME = "rocketmq_rpc_latency";
    private static final double[] BOUNDS_MS = {
        1, 3, 5, 10, 20, 50, 100, 200, 500, 1000, 3000, 10000, 30000
    };
    private static final int SLOTS = 512;
    private static final int MAX_PROBES = 32;
    private static final String PROTOCOL = "remoting";

    private final Histogram histogram;
    private final AtomicReferenceArray<Cell> cells = new AtomicReferenceArray<>(SLOTS);
    private final DistributionDataPoint overflow;

    /** A histogram registered in {@code registry}. */
    public RpcLatency(PrometheusRegistry registry) {
        histogram =
                Histogram.builder()
                        .name(NAME)
                        .help("Time from a request's dispatch to its answer (milliseconds)")
                        .labelNames("protocol_type", "request_code", "response_code")
                        .classicOnly()
                        .classicUpperBounds(BOUNDS_MS)
                        .withoutExemplars()
                        .register(registry);
        overflow = histogram.labelValues(PROTOCOL, "other", "other");
    }

    @Override
    public void answered(int requestCode, int responseCode, long nanos) {
        point(requestCode, responseCode).observe(nanos / 1_000_000.0);
    }

    private DistributionDataPoint point(int requestCode, int responseCode) {
        long key = ((long) requestCode << 32) | (responseCode & 0xFFFF_FFFFL);
        int start = Long.hashCode(key * 0x9E37_79B9_7F4A_7C15L) & (SLOTS - 1);
        for (int probe = 0; probe < MAX_PROBES; probe++) {
            int slot = (start + probe) & (SLOTS - 1);
            Cell cell = cells.get(slot);
            if (cell == null) {
                cell = claim(slot, key, requestCode, responseCode);
            }
            if (cell.key == key) {
                return cell.point;
            }
        }
        return overflow;
    }

    /** The cell now in {@code slot}: a new one for the pair, or another thread's. */
    private Cell claim(int slot, long key, int requestCode, int responseCode) {
        Cell made =
                new Cell(
                        key,
                        histogram.labelValues(
                                PROTOCOL,
                                Integer.toString(requestCode),
                                Integer.toString(responseCode)));
        return cells.compareAndSet(slot, null, made) ? made : cells.get(slot);
    }

    private record Cell(long key, DistributionDataPoint point) {}
}
