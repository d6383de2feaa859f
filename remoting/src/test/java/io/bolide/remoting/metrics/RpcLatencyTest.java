package io.bolide.remoting.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot.HistogramDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RpcLatencyTest {
    private static Map<String, HistogramDataPointSnapshot> points(PrometheusRegistry registry) {
        Map<String, HistogramDataPointSnapshot> points = new HashMap<>();
        for (MetricSnapshot snapshot : registry.scrape()) {
            if (snapshot.getMetadata().getName().equals(RpcLatency.NAME)) {
                for (HistogramDataPointSnapshot point :
                        ((HistogramSnapshot) snapshot).getDataPoints()) {
                    points.put(
                            point.getLabels().get("request_code")
                                    + "/"
                                    + point.getLabels().get("response_code"),
                            point);
                }
            }
        }
        return points;
    }

    @Test
    void timesEachRequestAndResponseCodePairInMilliseconds() {
        PrometheusRegistry registry = new PrometheusRegistry();
        RpcLatency latency = new RpcLatency();
        registry.register(latency);

        latency.answered(310, 0, 2_000_000);
        latency.answered(310, 0, 4_000_000);
        latency.answered(310, 17, 500_000);
        latency.answered(11, 19, 15_000_000_000L);

        Map<String, HistogramDataPointSnapshot> points = points(registry);
        assertThat(points.get("310/0").getCount()).isEqualTo(2);
        // 2 ms falls in (1, 3], 4 ms in (3, 5].
        assertThat(points.get("310/0").getClassicBuckets().getCount(1)).isEqualTo(1);
        assertThat(points.get("310/0").getClassicBuckets().getCount(2)).isEqualTo(1);
        assertThat(points.get("310/0").getSum()).isEqualTo(6.0);
        assertThat(points.get("310/17").getCount()).isEqualTo(1);
        assertThat(points.get("11/19").getSum()).isEqualTo(15_000.0);
        assertThat(points.get("310/0").getLabels().get("protocol_type")).isEqualTo("remoting");
    }

    @Test
    void pairsBeyondTheTablesRoomShareOneSeries() {
        PrometheusRegistry registry = new PrometheusRegistry();
        RpcLatency latency = new RpcLatency();
        registry.register(latency);

        for (int code = 0; code < 2_000; code++) {
            latency.answered(code, 0, 1_000_000);
        }

        Map<String, HistogramDataPointSnapshot> points = points(registry);
        assertThat(points).hasSizeLessThanOrEqualTo(513);
        long counted = 0;
        for (HistogramDataPointSnapshot point : points.values()) {
            counted += point.getCount();
        }
        assertThat(counted).isEqualTo(2_000);
        assertThat(points.get("other/other").getCount()).isPositive();
    }
}
