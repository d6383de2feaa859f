package io.bolide.broker.delay;

import io.bolide.broker.route.Destination;
import io.bolide.protocol.message.MessageProperties;
import io.bolide.protocol.message.MessageProperty;
import java.util.Map;

/**
 * Decides, on the send path, whether a message waits before delivery, as the reference's broker
 * does: {@code DELAY=n} (n &gt; 0) goes to {@link DelayTopics#SCHEDULE_TOPIC} queue {@code n - 1}
 * (levels above the highest are clamped); otherwise a future {@code TIMER_DELAY_SEC}, {@code
 * TIMER_DELAY_MS} or {@code TIMER_DELIVER_MS} (checked in that order) goes to {@link
 * DelayTopics#TIMER_TOPIC} with {@code TIMER_OUT_MS}. Both add {@code REAL_TOPIC}/{@code REAL_QID}.
 * Half and rollback transactional messages are never delayed. Messages without those properties
 * cost two {@code indexOf} scans and no allocation. Thread-safe.
 */
public final class DelayRouter {
    private static final int TRANSACTION_PREPARED = 0x4;
    private static final String DELAY_KEY = MessageProperty.DELAY + (char) 1;
    private static final String TIMER_PREFIX = "TIMER_";

    private final DelayLevels levels;

    /** The longest timer delay, with the remark a send beyond it gets; replaced when it changes. */
    private volatile Limit limit;

    private record Limit(long maxDelayMs, String tooLateRemark) {
        static Limit ofSeconds(long seconds) {
            long ms = seconds * 1000;
            return new Limit(
                    ms,
                    "timer message illegal, the delay time should not be bigger than the max delay "
                            + ms
                            + "ms; or if set del msg, the delay time should be bigger than the"
                            + " current time");
        }
    }

    /** A router for {@code config}'s levels and longest timer delay. */
    public DelayRouter(DelayConfig config) {
        this.levels = config.levels();
        this.limit = Limit.ofSeconds(config.timerMaxDelaySec());
    }

    /**
     * The longest timer delay from now on (timerMaxDelaySec changed live, as the reference reads it
     * at each send); messages already in the wheel keep their time.
     */
    public void maxDelaySec(long seconds) {
        if (seconds * 1000 != limit.maxDelayMs()) {
            limit = Limit.ofSeconds(seconds);
        }
    }

    /**
     * True when a batch header's properties ask for a delay level, which the reference refuses
     * (MESSAGE_ILLEGAL) for batches.
     */
    public static boolean isDelayedBatch(String properties) {
        return properties != null
                && properties.contains(DELAY_KEY)
                && level(MessageProperties.value(properties, MessageProperty.DELAY)) > 0;
    }

    /**
     * Where a message sent to {@code topic}/{@code queueId} with {@code properties} and {@code
     * sysFlag} is stored, at time {@code nowMs}.
     */
    public DelayRoute route(String properties, String topic, int queueId, int sysFlag, long nowMs) {
        if (properties == null
                || (sysFlag & TRANSACTION_PREPARED) != 0
                || (!properties.contains(DELAY_KEY) && !properties.contains(TIMER_PREFIX))) {
            return DelayRoute.DIRECT;
        }
        int level = level(MessageProperties.value(properties, MessageProperty.DELAY));
        if (level > 0) {
            return scheduled(properties, topic, queueId, level);
        }
        if (DelayTopics.TIMER_TOPIC.equals(topic)) {
            return DelayRoute.DIRECT;
        }
        return timer(properties, topic, queueId, nowMs);
    }

    /**
     * The route of a message built by the broker itself (for example a consumer's send-back) that
     * must wait {@code level}: the properties gain {@code DELAY}, {@code REAL_TOPIC} and {@code
     * REAL_QID}, and the route names the schedule queue.
     */
    public DelayRoute schedule(String properties, String topic, int queueId, int level) {
        if (level <= 0) {
            throw new IllegalArgumentException("delay level must be positive: " + level);
        }
        String withLevel =
                Destination.append(
                        properties == null ? "" : properties, MessageProperty.DELAY, level);
        return scheduled(withLevel, topic, queueId, level);
    }

    private DelayRoute scheduled(String properties, String topic, int queueId, int level) {
        String text = properties;
        if (properties.contains(TIMER_PREFIX)) {
            Map<String, String> map = MessageProperties.decode(properties);
            map.remove(DelayTopics.TIMER_DELIVER_MS);
            map.remove(DelayTopics.TIMER_DELAY_SEC);
            map.remove(DelayTopics.TIMER_DELAY_MS);
            text = MessageProperties.toText(map);
        }
        int stored = levels.clamp(level);
        return DelayRoute.to(
                Destination.SCHEDULE_TOPIC,
                Destination.scheduleQueue(stored),
                Destination.park(text, topic, queueId));
    }

    private DelayRoute timer(String properties, String topic, int queueId, long nowMs) {
        Limit now = limit;
        String tooLateRemark = now.tooLateRemark();
        long deliverMs;
        try {
            deliverMs = deliverMs(properties, nowMs);
        } catch (NumberFormatException e) {
            return DelayRoute.refused(tooLateRemark);
        }
        if (deliverMs == Long.MIN_VALUE) {
            return DelayRoute.DIRECT;
        }
        if (deliverMs <= nowMs) {
            boolean deletion =
                    MessageProperties.value(properties, DelayTopics.TIMER_DEL_UNIQKEY) != null;
            return deletion ? DelayRoute.refused(tooLateRemark) : DelayRoute.DIRECT;
        }
        if (deliverMs - nowMs > now.maxDelayMs()) {
            return DelayRoute.refused(tooLateRemark);
        }
        String text = Destination.append(properties, DelayTopics.TIMER_OUT_MS, deliverMs);
        return DelayRoute.timer(
                Destination.TIMER_TOPIC, 0, Destination.park(text, topic, queueId), deliverMs);
    }

    /** The requested delivery time, or Long.MIN_VALUE when no timer property is present. */
    private static long deliverMs(String properties, long nowMs) {
        String sec = MessageProperties.value(properties, DelayTopics.TIMER_DELAY_SEC);
        if (sec != null) {
            return nowMs + Long.parseLong(sec) * 1000;
        }
        String ms = MessageProperties.value(properties, DelayTopics.TIMER_DELAY_MS);
        if (ms != null) {
            return nowMs + Long.parseLong(ms);
        }
        String at = MessageProperties.value(properties, DelayTopics.TIMER_DELIVER_MS);
        return at == null ? Long.MIN_VALUE : Long.parseLong(at);
    }

    private static int level(String value) {
        if (value == null) {
            return 0;
        }
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
