package io.bolide.remoting.metrics;

/**
 * The reference's {@code metricsExporterType} values Bolide serves: none, or a Prometheus endpoint.
 * The reference's OTLP_GRPC and LOG exporters have no counterpart; a file naming them is refused
 * when read, rather than started without the exporter it asked for.
 */
public enum MetricsExporterType {
    /** No endpoint, no latency timing: nothing is measured that nobody reads. */
    DISABLE,
    /** An HTTP endpoint in Prometheus's text format at {@code /metrics}. */
    PROM
}
