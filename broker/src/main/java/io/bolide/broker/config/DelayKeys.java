package io.bolide.broker.config;

import io.bolide.broker.delay.DelayLevels;
import io.bolide.remoting.config.Key;

/**
 * Delayed delivery's keys (broker/README.md, "Delayed messages"): the delay levels and the timer
 * wheel, declared here and tabled in {@link BrokerConfigKeys}.
 */
final class DelayKeys {
    static final Key<DelayLevels> MESSAGE_DELAY_LEVEL =
            Key.of(
                    "messageDelayLevel",
                    DelayLevels.class,
                    "durations (s m h d), space separated",
                    DelayLevels.DEFAULT,
                    DelayLevels::parse,
                    null,
                    "delay of each DELAY level");

    static final Key<Long> FLUSH_DELAY_OFFSET_INTERVAL =
            Key.ofLong(
                    "flushDelayOffsetInterval",
                    10_000,
                    10,
                    3_600_000,
                    "delay progress persisted every (ms)");

    static final Key<Long> TIMER_PRECISION_MS =
            Key.ofLong("timerPrecisionMs", 1000, 1, 60_000, "timer wheel slot width (ms)");

    static final Key<Long> TIMER_MAX_DELAY_SEC =
            Key.ofLong(
                            "timerMaxDelaySec",
                            259_200,
                            1,
                            365L * 86_400,
                            "longest timer delay accepted (s); a live change applies to the sends"
                                    + " after it")
                    .live();

    private DelayKeys() {}
}
