package io.bolide.protocol.body;

import java.util.Map;

/**
 * The body of GET_TIMER_METRICS (61) and the layout of the reference's {@code timermetrics} file:
 * timer messages counted by topic, and a version that changes with them. {@code dataVersion} is
 * null when the sender did not write one.
 */
public record TimerMetricsSerializeWrapper(
        Map<String, TimerMetricsSerializeWrapper.Metric> timingCount, DataVersion dataVersion) {

    /** Copies the table, null becoming empty. */
    public TimerMetricsSerializeWrapper {
        timingCount = Frozen.map(timingCount);
    }

    /** One topic's count, and when it last changed (ms). */
    public record Metric(long count, long timeStamp) {}
}
