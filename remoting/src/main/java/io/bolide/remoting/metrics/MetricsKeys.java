package io.bolide.remoting.metrics;

import io.bolide.remoting.config.ConfigValues;
import io.bolide.remoting.config.Key;
import io.bolide.remoting.config.KeyTable;

/**
 * The reference's metrics-endpoint keys, declared into the table of each role that serves one
 * (broker, name server), and read back as {@link MetricsSettings}.
 */
public final class MetricsKeys {
    /** The reference's default port of its Prometheus exporter. */
    public static final int DEFAULT_PORT = 5557;

    private static final Key<MetricsExporterType> TYPE =
            Key.ofEnum(
                    "metricsExporterType",
                    MetricsExporterType.values(),
                    MetricsExporterType.DISABLE,
                    "DISABLE, or PROM: serve Prometheus metrics over HTTP at /metrics"
                            + " (docs/operations.md)");
    private static final Key<String> HOST =
            Key.ofString(
                    "metricsPromExporterHost",
                    "",
                    "address the metrics endpoint binds; empty = every interface");
    private static final Key<Integer> PORT =
            Key.ofInt(
                    "metricsPromExporterPort",
                    DEFAULT_PORT,
                    0,
                    65535,
                    "port of the metrics endpoint; 0 = any free port");

    /** The reference's {@code metricsExporterType}. */
    public final Key<MetricsExporterType> type;

    /** The reference's {@code metricsPromExporterHost}. */
    public final Key<String> host;

    /** The reference's {@code metricsPromExporterPort}. */
    public final Key<Integer> port;

    private MetricsKeys(KeyTable.Builder keys) {
        type = keys.add(TYPE);
        host = keys.add(HOST);
        port = keys.add(PORT);
    }

    /** Declares the keys into {@code keys}, in the order the docs list them. */
    public static MetricsKeys declare(KeyTable.Builder keys) {
        return new MetricsKeys(keys);
    }

    /** The endpoint {@code values} ask for. */
    public MetricsSettings settings(ConfigValues values) {
        return new MetricsSettings(values.get(type), values.get(host), values.get(port));
    }
}
