package io.bolide.remoting.metrics;

import io.bolide.remoting.RemotingServer;
import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.instrumentation.jvm.JvmMetrics;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * One role's Prometheus endpoint: an HTTP server answering {@code /metrics} in the text format from
 * a registry holding the JVM and process metrics, {@link RpcLatency} of the role's remoting server,
 * and whatever the role adds through {@link #registry()}. The role's metrics are read when scraped
 * (callbacks over the counters the role keeps anyway), so the endpoint costs nothing between
 * scrapes but the latency timing.
 */
public final class MetricsEndpoint implements AutoCloseable {
    private final RemotingServer observed;
    private final PrometheusRegistry registry;
    private final HTTPServer http;
    private final RpcLatency latency;

    private MetricsEndpoint(
            RemotingServer observed,
            PrometheusRegistry registry,
            HTTPServer http,
            RpcLatency latency) {
        this.observed = observed;
        this.registry = registry;
        this.http = http;
        this.latency = latency;
    }

    /**
     * The server's {@code rocketmq_rpc_latency} histogram (the console's latency chart reads it).
     */
    public RpcLatency latency() {
        return latency;
    }

    /**
     * Serves {@code settings}' endpoint and times {@code server}'s requests, or returns null when
     * the settings disable it.
     *
     * @throws IOException when the port cannot be bound
     */
    public static MetricsEndpoint start(MetricsSettings settings, RemotingServer server)
            throws IOException {
        if (!settings.enabled()) {
            return null;
        }
        PrometheusRegistry registry = new PrometheusRegistry();
        registry.register(JvmRegistry.INSTANCE);
        RpcLatency latency = new RpcLatency();
        registry.register(latency);
        HTTPServer.Builder builder =
                HTTPServer.builder()
                        .port(settings.port())
                        .registry(registry)
                        .executorService(oneThread());
        if (!settings.host().isEmpty()) {
            builder.hostname(settings.host());
        }
        HTTPServer http = builder.buildAndStart();
        server.observe(latency);
        return new MetricsEndpoint(server, registry, http, latency);
    }

    /** One scrape at a time is plenty, and keeps the endpoint's share of the CPU small. */
    private static ExecutorService oneThread() {
        return Executors.newSingleThreadExecutor(
                r -> {
                    Thread thread = new Thread(r, "bolide-metrics-http");
                    thread.setDaemon(true);
                    return thread;
                });
    }

    /** Where the role registers its own collectors. */
    public PrometheusRegistry registry() {
        return registry;
    }

    /** The bound port. */
    public int port() {
        return http.getPort();
    }

    /** Stops timing requests and closes the HTTP server. */
    @Override
    public void close() {
        observed.observe(null);
        http.close();
    }

    /**
     * The JVM and process metrics, registered once per process: the client library keeps every
     * registry it instruments for the life of the JVM, so each endpoint delegates to this one
     * rather than have a broker's registry (and the broker it reads) kept after it closes.
     */
    private static final class JvmRegistry {
        static final MultiCollector INSTANCE = create();

        /** How old the JVM and process figures a scrape returns may be (see RecentSnapshots). */
        private static final long MAX_AGE_NANOS = TimeUnit.SECONDS.toNanos(5);

        private static MultiCollector create() {
            PrometheusRegistry jvm = new PrometheusRegistry();
            JvmMetrics.builder().register(jvm);
            return new RecentSnapshots(jvm::scrape, MAX_AGE_NANOS, System::nanoTime);
        }
    }
}
