package io.bolide.broker.lite;

import io.bolide.protocol.message.MessageProperties;
import java.nio.charset.StandardCharsets;

/**
 * The names of lite topics: the property a send names one in, the queue it is stored in ({@code
 * %LMQ%$<parent>$<lite>}, the reference's light message queue name) and what a lite topic's name
 * may be (the reference proxy's rule: letters, digits, '-' and '_', at most {@link #MAX_SIZE}
 * bytes).
 */
public final class LiteNames {
    /**
     * The message property naming a message's lite topic (the reference's {@code __LITE_TOPIC}).
     */
    public static final String PROPERTY = "__LITE_TOPIC";

    /** What every lite topic's queue name starts with. */
    public static final String PREFIX = "%LMQ%$";

    /**
     * The longest lite topic name, in UTF-8 bytes (the reference proxy's {@code maxLiteTopicSize}).
     */
    public static final int MAX_SIZE = 64;

    private static final char SEPARATOR = '$';

    private LiteNames() {}

    /** The queue name of {@code lite} under {@code parent}. */
    public static String queueName(String parent, String lite) {
        return PREFIX + parent + SEPARATOR + lite;
    }

    /** Whether {@code topic} names a lite topic's queue. */
    public static boolean isQueueName(String topic) {
        return topic != null && topic.startsWith(PREFIX);
    }

    /** The parent topic of a lite topic's queue name, or null when it is not one. */
    public static String parentOf(String queueName) {
        if (!isQueueName(queueName)) {
            return null;
        }
        int end = queueName.indexOf(SEPARATOR, PREFIX.length());
        return end < 0 ? null : queueName.substring(PREFIX.length(), end);
    }

    /** The lite topic of a lite topic's queue name, or null when it is not one. */
    public static String liteOf(String queueName) {
        if (!isQueueName(queueName)) {
            return null;
        }
        int end = queueName.indexOf(SEPARATOR, PREFIX.length());
        return end < 0 ? null : queueName.substring(end + 1);
    }

    /** Why {@code lite} is not a lite topic name (the reference proxy's reasons), or null. */
    public static String problem(String lite) {
        if (lite == null || lite.isBlank()) {
            return "lite topic cannot be the char sequence of whitespace";
        }
        if (lite.getBytes(StandardCharsets.UTF_8).length > MAX_SIZE) {
            return "lite topic exceed the max size" + MAX_SIZE;
        }
        for (int i = 0; i < lite.length(); i++) {
            char c = lite.charAt(i);
            boolean ok =
                    (c >= 'a' && c <= 'z')
                            || (c >= 'A' && c <= 'Z')
                            || (c >= '0' && c <= '9')
                            || c == '-'
                            || c == '_';
            if (!ok) {
                return "lite topic can only contain alphanumeric characters, hyphens(-), and"
                        + " underscores(_)";
            }
        }
        return null;
    }

    /** The value of the {@link #PROPERTY} property in a stored properties string, or null. */
    public static String ofProperties(String properties) {
        // Every send asks; most are not lite: one substring search before walking the entries.
        if (properties == null || !properties.contains(PROPERTY)) {
            return null;
        }
        return MessageProperties.value(properties, PROPERTY);
    }
}
