package io.bolide.broker.metrics;

import io.bolide.remoting.metrics.MetricsEndpoint;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.Labels;
import java.time.InstantSource;

/**
 * The broker's metrics (docs/operations.md, "Metrics"): the reference's RIP-46 families read from
 * the broker's own counters and tables at each scrape, next to the endpoint's JVM, process and
 * request-latency metrics. Every family carries the reference's node labels: {@code cluster},
 * {@code node_type="broker"} and {@code node_id} (the broker name).
 */
public final class MetricsFeature {
    private MetricsFeature() {}

    /** Registers the broker's collectors in {@code endpoint}'s registry. */
    public static void install(MetricsEndpoint endpoint, Sources sources, InstantSource clock) {
        register(endpoint.registry(), sources, clock);
    }

    /** Registers the broker's collectors in {@code registry} (tests read it without HTTP). */
    static void register(PrometheusRegistry registry, Sources sources, InstantSource clock) {
        Labels node =
                Labels.of(
                        "cluster",
                        sources.config().get().brokerClusterName(),
                        "node_type",
                        "broker",
                        "node_id",
                        sources.config().get().brokerName());
        registry.register(new TrafficCollector(sources.stats(), node));
        registry.register(new LagCollector(sources, clock, node));
        registry.register(new ClientCollector(sources.clients(), node));
        registry.register(new NodeCollector(sources, node));
        registry.register(new RetryCollector(sources.stats(), node));
        registry.register(new TierCollector(sources.stats(), node));
        registry.register(new TransactionCollector(sources.stats().transactions(), node));
        registry.register(
                new TimerCollector(sources.stats().timer(), sources.store(), clock, node));
    }
}
