package io.bolide.broker.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.remoting.metrics.RpcLatency;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The charts' send latency percentiles over windows of the rpc latency histogram. */
class LatencyWindowTest {
    private static final long MS = 1_000_000L;

    @Test
    void percentilesAreTheWindowsSendsInterpolatedInTheirBuckets() {
        RpcLatency histogram = new RpcLatency();
        LatencyWindow window = new LatencyWindow(() -> histogram);
        assertThat(window.read(0).get("requests")).isEqualTo(0L);
        // 98 sends of 2 ms (bucket 1..3), 2 of 40 ms (bucket 20..50); a pull that does not count.
        for (int i = 0; i < 98; i++) {
            histogram.answered(RequestCode.SEND_MESSAGE, ResponseCode.SUCCESS, 2 * MS);
        }
        histogram.answered(RequestCode.SEND_MESSAGE_V2, ResponseCode.SUCCESS, 40 * MS);
        histogram.answered(RequestCode.SEND_BATCH_MESSAGE, ResponseCode.SUCCESS, 40 * MS);
        histogram.answered(RequestCode.PULL_MESSAGE, ResponseCode.SUCCESS, 5_000 * MS);
        // Within the window the last figures stand.
        assertThat(window.read(LatencyWindow.WINDOW_MILLIS - 1).get("requests")).isEqualTo(0L);
        Map<String, Object> figures = window.read(LatencyWindow.WINDOW_MILLIS);
        assertThat(figures.get("requests")).isEqualTo(100L);
        assertThat(figures.get("windowMillis")).isEqualTo(LatencyWindow.WINDOW_MILLIS);
        assertThat((double) figures.get("p50")).isBetween(1.0, 3.0);
        assertThat((double) figures.get("p99")).isBetween(20.0, 50.0);
        // The next window holds only what came after.
        histogram.answered(RequestCode.SEND_MESSAGE, ResponseCode.SUCCESS, 700 * MS);
        Map<String, Object> next = window.read(2 * LatencyWindow.WINDOW_MILLIS);
        assertThat(next.get("requests")).isEqualTo(1L);
        assertThat((double) next.get("p50")).isBetween(500.0, 1000.0);
        assertThat(window.read(3 * LatencyWindow.WINDOW_MILLIS).get("p50")).isNull();
    }

    @Test
    void noMetricsEndpointIsNoFigures() {
        assertThat(new LatencyWindow(() -> null).read(0)).isNull();
    }

    @Test
    void theOpenLastBucketAnswersItsLowerBound() {
        long[] counts = new long[RpcLatency.boundsMillis().length + 1];
        counts[counts.length - 1] = 10;
        assertThat(LatencyWindow.quantile(counts, 10, 0.5)).isEqualTo(30_000.0);
    }
}
