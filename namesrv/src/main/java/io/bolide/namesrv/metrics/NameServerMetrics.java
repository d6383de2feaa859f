package io.bolide.namesrv.metrics;

import io.bolide.remoting.metrics.MetricsEndpoint;
import java.util.function.IntSupplier;

/**
 * The name server's metrics (docs/operations.md, "Metrics"): the endpoint's JVM, process and
 * request-latency metrics by request code, and the route table's size. Far fewer than a broker's: a
 * name server stores no messages.
 */
public final class NameServerMetrics {
    private NameServerMetrics() {}

    /** Registers the name server's collectors in {@code endpoint}'s registry. */
    public static void install(MetricsEndpoint endpoint, IntSupplier brokers, IntSupplier topics) {
        endpoint.registry().register(new RegistryCollector(brokers, topics));
    }
}
