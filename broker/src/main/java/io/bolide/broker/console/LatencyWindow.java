package io.bolide.broker.console;

import io.bolide.protocol.code.RequestCode;
import io.bolide.remoting.metrics.RpcLatency;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Send latency percentiles for the charts, from the metrics endpoint's {@code rocketmq_rpc_latency}
 * histogram (the sends: SEND_MESSAGE, its V2 and batch forms): the requests answered since the
 * previous window, a window at least {@link #WINDOW_MILLIS} long, the percentile interpolated
 * within its bucket as Prometheus' {@code histogram_quantile} does.
 */
final class LatencyWindow {
    static final long WINDOW_MILLIS = 5_000;

    private static final int[] SENDS = {
        RequestCode.SEND_MESSAGE, RequestCode.SEND_MESSAGE_V2, RequestCode.SEND_BATCH_MESSAGE
    };

    private final Supplier<RpcLatency> source;
    private long[] previous;
    private long previousMillis;
    private Map<String, Object> last;

    LatencyWindow(Supplier<RpcLatency> source) {
        this.source = source;
    }

    /** The last window's figures, or null when the broker has no metrics endpoint. */
    synchronized Map<String, Object> read(long now) {
        RpcLatency latency = source == null ? null : source.get();
        if (latency == null) {
            return null;
        }
        if (previous != null && now - previousMillis < WINDOW_MILLIS) {
            return last;
        }
        long[] counts = latency.bucketCounts(SENDS);
        long[] window = counts.clone();
        if (previous != null) {
            for (int i = 0; i < window.length; i++) {
                window[i] -= previous[i];
            }
        }
        last = figures(window, previous == null ? 0 : now - previousMillis);
        previous = counts;
        previousMillis = now;
        return last;
    }

    private static Map<String, Object> figures(long[] window, long millis) {
        long total = 0;
        for (long count : window) {
            total += count;
        }
        Map<String, Object> figures = new LinkedHashMap<>();
        figures.put("requests", total);
        figures.put("windowMillis", millis);
        figures.put("p50", total == 0 ? null : quantile(window, total, 0.50));
        figures.put("p90", total == 0 ? null : quantile(window, total, 0.90));
        figures.put("p99", total == 0 ? null : quantile(window, total, 0.99));
        return figures;
    }

    /**
     * The {@code q} quantile in ms: linear within the bucket; the open last bucket its lower bound.
     */
    static double quantile(long[] counts, long total, double q) {
        double[] bounds = RpcLatency.boundsMillis();
        double rank = q * total;
        long seen = 0;
        for (int i = 0; i < counts.length; i++) {
            if (counts[i] > 0 && seen + counts[i] >= rank) {
                if (i == bounds.length) {
                    return bounds[bounds.length - 1];
                }
                double lower = i == 0 ? 0 : bounds[i - 1];
                return lower + (bounds[i] - lower) * ((rank - seen) / counts[i]);
            }
            seen += counts[i];
        }
        return bounds[bounds.length - 1];
    }
}
