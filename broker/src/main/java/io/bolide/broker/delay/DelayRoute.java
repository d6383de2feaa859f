package io.bolide.broker.delay;

/**
 * Where a message is stored: as sent ({@link #DIRECT}), redirected to a delay queue with rewritten
 * properties, or refused. Allocated only for delayed or refused messages.
 */
public final class DelayRoute {
    /** Store the message where and as it was sent. */
    public static final DelayRoute DIRECT = new DelayRoute(null, 0, null, null, 0);

    private final String topic;
    private final int queueId;
    private final String properties;
    private final String refusal;
    private final long timerDueMs;

    private DelayRoute(
            String topic, int queueId, String properties, String refusal, long timerDueMs) {
        this.topic = topic;
        this.queueId = queueId;
        this.properties = properties;
        this.refusal = refusal;
        this.timerDueMs = timerDueMs;
    }

    static DelayRoute to(String topic, int queueId, String properties) {
        return new DelayRoute(topic, queueId, properties, null, 0);
    }

    /** To the timer queue, due at {@code dueMs}. */
    static DelayRoute timer(String topic, int queueId, String properties, long dueMs) {
        return new DelayRoute(topic, queueId, properties, null, dueMs);
    }

    static DelayRoute refused(String remark) {
        return new DelayRoute(null, 0, null, remark, 0);
    }

    /** When a timer message is due (its {@code TIMER_OUT_MS}); 0 for any other route. */
    public long timerDueMs() {
        return timerDueMs;
    }

    /** True when the message must be refused (MESSAGE_ILLEGAL with {@link #refusal()}). */
    public boolean isRefused() {
        return refusal != null;
    }

    /** The remark of a refusal, or null. */
    public String refusal() {
        return refusal;
    }

    /** True when the message waits in a delay topic before delivery. */
    public boolean isDelayed() {
        return topic != null;
    }

    /** The topic to store into: the delay topic, or {@code sent} for a direct message. */
    public String topic(String sent) {
        return topic == null ? sent : topic;
    }

    /** The queue to store into: the delay queue, or {@code sent} for a direct message. */
    public int queueId(int sent) {
        return topic == null ? sent : queueId;
    }

    /** The properties to store: rewritten for a delayed message, else {@code sent}. */
    public String properties(String sent) {
        return topic == null ? sent : properties;
    }
}
