package io.bolide.remoting.metrics;

/**
 * Where the metrics endpoint listens, if anywhere.
 *
 * @param type DISABLE or PROM
 * @param host the address to bind; empty = every interface
 * @param port the port to bind; 0 = any free port
 */
public record MetricsSettings(MetricsExporterType type, String host, int port) {
    /** No endpoint. */
    public static final MetricsSettings DISABLED =
            new MetricsSettings(MetricsExporterType.DISABLE, "", MetricsKeys.DEFAULT_PORT);

    /** Whether an endpoint is served. */
    public boolean enabled() {
        return type == MetricsExporterType.PROM;
    }
}
