package io.bolide.broker.route;

import io.bolide.protocol.message.MessageProperties;
import io.bolide.protocol.message.MessageProperty;
import io.bolide.protocol.message.NameRules;
import io.bolide.protocol.message.StoredMessageFlyweight;

/**
 * Where a message is really stored, when that is not where it was sent: the one home of the
 * broker's topic/queue rewrites.
 *
 * <p>A client names a topic T and a queue q. Three kinds of message are first stored somewhere
 * else, invisible to T's consumers, with T and q kept in the properties {@code REAL_TOPIC} and
 * {@code REAL_QID} ({@link #park}):
 *
 * <ul>
 *   <li>a delay level n: {@link #SCHEDULE_TOPIC} queue n - 1 ({@link #scheduleQueue}); a timer
 *       message: {@link #TIMER_TOPIC} queue 0 (package {@code delay});
 *   <li>a half (prepared transactional) message: {@link #HALF_TOPIC} queue {@link #HALF_QUEUE}
 *       (package {@code transaction});
 *   <li>a consumer's retry: the copy goes to {@link #retryTopic} queue 0 of its group through the
 *       schedule topic for its back-off, or to {@link #deadLetterTopic} queue 0 once it has been
 *       retried too often (package {@code retry}).
 * </ul>
 *
 * <p>When the wait is over (the level or timer is due, the transaction commits) the record is
 * stored again under {@link #realTopic} / {@link #realQueueIdText}, with its properties as they are
 * (the reference keeps {@code REAL_TOPIC}/{@code REAL_QID} on the delivered copy too), and only
 * that copy reaches T's consumers. Retry and dead-letter topics are real topics: their records are
 * consumed where they are stored.
 */
public final class Destination {
    /** Level-delayed messages wait here, queue = level - 1, tags code = due time. */
    public static final String SCHEDULE_TOPIC = "SCHEDULE_TOPIC_XXXX";

    /** Timer messages (arbitrary delivery time) wait here, in queue 0. */
    public static final String TIMER_TOPIC = "rmq_sys_wheel_timer";

    /** Half messages wait here for their transaction's outcome. */
    public static final String HALF_TOPIC = "RMQ_SYS_TRANS_HALF_TOPIC";

    /** The one queue of {@link #HALF_TOPIC}. */
    public static final int HALF_QUEUE = 0;

    private static final byte[] REAL_TOPIC = MessageProperty.bytes(MessageProperty.REAL_TOPIC);
    private static final byte[] REAL_QID = MessageProperty.bytes(MessageProperty.REAL_QID);

    private Destination() {}

    /**
     * The properties of a message parked away from its real destination: {@code properties} (text
     * form) with {@code REAL_TOPIC=realTopic} and {@code REAL_QID=realQueueId} appended.
     */
    public static String park(String properties, String realTopic, int realQueueId) {
        return append(
                append(properties, MessageProperty.REAL_TOPIC, realTopic),
                MessageProperty.REAL_QID,
                realQueueId);
    }

    /** The schedule queue of delay level {@code level} (already clamped to the known levels). */
    public static int scheduleQueue(int level) {
        return level - 1;
    }

    /** The retry topic of a consumer group: {@code %RETRY%<group>}. */
    public static String retryTopic(String group) {
        return NameRules.RETRY_TOPIC_PREFIX + group;
    }

    /** The dead-letter topic of a consumer group: {@code %DLQ%<group>}. */
    public static String deadLetterTopic(String group) {
        return NameRules.DLQ_TOPIC_PREFIX + group;
    }

    /** The group of a retry topic, or null when {@code topic} is not one. */
    public static String retryGroup(String topic) {
        if (topic == null || !topic.startsWith(NameRules.RETRY_TOPIC_PREFIX)) {
            return null;
        }
        return topic.substring(NameRules.RETRY_TOPIC_PREFIX.length());
    }

    /** The topic a parked record really belongs to, or null. */
    public static String realTopic(StoredMessageFlyweight parked) {
        return parked.property(REAL_TOPIC);
    }

    /** The queue id a parked record really belongs to, as stored (unparsed), or null. */
    public static String realQueueIdText(StoredMessageFlyweight parked) {
        return parked.property(REAL_QID);
    }

    /**
     * Appends a pair in text form; a later pair wins over an earlier one of the same name, as in
     * the client.
     */
    public static String append(String properties, String name, Object value) {
        StringBuilder text = new StringBuilder(properties.length() + name.length() + 24);
        text.append(properties);
        if (!properties.isEmpty()
                && properties.charAt(properties.length() - 1)
                        != MessageProperties.PROPERTY_SEPARATOR) {
            text.append((char) MessageProperties.PROPERTY_SEPARATOR);
        }
        return text.append(name)
                .append((char) MessageProperties.NAME_VALUE_SEPARATOR)
                .append(value)
                .append((char) MessageProperties.PROPERTY_SEPARATOR)
                .toString();
    }
}
