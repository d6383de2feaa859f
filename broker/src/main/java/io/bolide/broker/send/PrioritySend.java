package io.bolide.broker.send;

import io.bolide.protocol.message.MessageProperties;

/**
 * The queue a priority message (RIP-80, Apache 5.4.0) goes to: the broker, not the client, maps the
 * {@value #PROPERTY} property to queue {@code min(priority, writeQueueNums - 1)}, so each queue of
 * a PRIORITY topic holds one priority level and POP can read the highest first. As in the reference
 * the property only counts on a message that is otherwise plain: a transactional, delayed or
 * sharding-keyed (FIFO) message keeps the queue it was sent to. A value that is not a non-negative
 * integer is ignored.
 */
final class PrioritySend {
    /** The message property carrying the priority, as the reference names it. */
    static final String PROPERTY = "_SYS_MSG_PRIORITY_";

    private static final String[] OVERRIDING = {
        "TRAN_MSG",
        "DELAY",
        "TIMER_DELIVER_MS",
        "TIMER_DELAY_SEC",
        "TIMER_DELAY_MS",
        "__SHARDINGKEY"
    };

    private PrioritySend() {}

    /**
     * The queue for a message with {@code properties} (the wire text) and {@code chosen} queue on a
     * topic with {@code writeQueueNums} write queues.
     */
    static int queue(String properties, int chosen, int writeQueueNums) {
        int priority = priority(properties);
        if (priority < 0 || writeQueueNums <= 0) {
            return chosen;
        }
        for (String name : OVERRIDING) {
            if (MessageProperties.value(properties, name) != null) {
                return chosen;
            }
        }
        return Math.min(priority, writeQueueNums - 1);
    }

    /** The priority of a message, or -1 when it has none that parses. */
    static int priority(String properties) {
        // Every send asks; most carry no priority: one substring search before walking the entries.
        if (properties == null || !properties.contains(PROPERTY)) {
            return -1;
        }
        String value = MessageProperties.value(properties, PROPERTY);
        if (value == null) {
            return -1;
        }
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
