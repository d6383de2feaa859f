package io.bolide.broker.delay;

import java.util.Objects;

/**
 * Settings of delayed delivery: the delay levels, how often level progress and timer state are
 * persisted, and the timer wheel's precision and longest accepted delay. Immutable.
 */
public final class DelayConfig {
    private final DelayLevels levels;
    private final long flushIntervalMs;
    private final long timerPrecisionMs;
    private final long timerMaxDelaySec;

    /**
     * Creates the settings.
     *
     * @param levels the delay levels ({@code messageDelayLevel})
     * @param flushIntervalMs progress is persisted this often ({@code flushDelayOffsetInterval})
     * @param timerPrecisionMs the timer wheel's slot width ({@code timerPrecisionMs})
     * @param timerMaxDelaySec the longest timer delay accepted ({@code timerMaxDelaySec})
     */
    public DelayConfig(
            DelayLevels levels,
            long flushIntervalMs,
            long timerPrecisionMs,
            long timerMaxDelaySec) {
        this.levels = Objects.requireNonNull(levels, "levels");
        if (flushIntervalMs <= 0 || timerPrecisionMs <= 0 || timerMaxDelaySec <= 0) {
            throw new IllegalArgumentException("delay intervals must be positive");
        }
        this.flushIntervalMs = flushIntervalMs;
        this.timerPrecisionMs = timerPrecisionMs;
        this.timerMaxDelaySec = timerMaxDelaySec;
    }

    /** The reference's defaults: 18 levels, 10 s flush, 1 s precision, 3 days at most. */
    public static DelayConfig defaults() {
        return new DelayConfig(DelayLevels.parse(DelayLevels.DEFAULT), 10_000, 1000, 259_200);
    }

    /** The delay levels. */
    public DelayLevels levels() {
        return levels;
    }

    /** How often progress is persisted (ms). */
    public long flushIntervalMs() {
        return flushIntervalMs;
    }

    /** Width of one timer-wheel slot (ms). */
    public long timerPrecisionMs() {
        return timerPrecisionMs;
    }

    /** Longest delay accepted for a timer message (s). */
    public long timerMaxDelaySec() {
        return timerMaxDelaySec;
    }
}
