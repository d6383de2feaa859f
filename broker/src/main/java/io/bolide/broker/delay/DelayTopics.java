package io.bolide.broker.delay;

import io.bolide.broker.route.Destination;

/** Names of the system topics and properties of delayed delivery, as the reference spells them. */
public final class DelayTopics {
    /** Level-delayed messages wait here, queue = level - 1, tags code = due time. */
    public static final String SCHEDULE_TOPIC = Destination.SCHEDULE_TOPIC;

    /** Timer messages (arbitrary delivery time) wait here, in queue 0. */
    public static final String TIMER_TOPIC = Destination.TIMER_TOPIC;

    /** Absolute delivery time (epoch ms) requested by a 5.x producer. */
    public static final String TIMER_DELIVER_MS = "TIMER_DELIVER_MS";

    /** Relative delay in seconds requested by a 5.x producer. */
    public static final String TIMER_DELAY_SEC = "TIMER_DELAY_SEC";

    /** Relative delay in milliseconds requested by a 5.x producer. */
    public static final String TIMER_DELAY_MS = "TIMER_DELAY_MS";

    /** Delivery time (epoch ms) of a message waiting in {@link #TIMER_TOPIC}. */
    public static final String TIMER_OUT_MS = "TIMER_OUT_MS";

    /** Marks a timer "delete" message; such a message must carry a future time. */
    public static final String TIMER_DEL_UNIQKEY = "TIMER_DEL_UNIQKEY";

    private DelayTopics() {}
}
