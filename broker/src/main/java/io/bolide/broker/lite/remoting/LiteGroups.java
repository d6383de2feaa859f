package io.bolide.broker.lite.remoting;

import io.bolide.broker.table.SubscriptionGroupTable;
import io.bolide.protocol.body.SubscriptionGroupConfig;
import io.bolide.protocol.body.TopicConfig;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What the subscription-group and topic tables say about lite consumption: a lite group is bound to
 * one parent topic by its attribute {@value #BIND_TOPIC} (the reference's {@code lite.bind.topic}),
 * and a parent topic has the message type LITE.
 */
final class LiteGroups {
    static final String BIND_TOPIC = "lite.bind.topic";
    static final String SUB_MODEL = "lite.sub.model";
    static final String RESET_EXCLUSIVE = "lite.sub.reset.offset.exclusive";
    static final String RESET_UNSUBSCRIBE = "lite.sub.reset.offset.unsubscribe";
    static final String CLIENT_QUOTA = "lite.sub.client.quota";
    private static final String MESSAGE_TYPE = "message.type";
    private static final String EXPIRATION = "lite.topic.expiration";

    private LiteGroups() {}

    /**
     * The parent topic {@code config} is bound to, or null. Read under its name and under the
     * {@code +name} an update request writes it as (the table keeps attributes as they were sent).
     */
    static String bindTopic(SubscriptionGroupConfig config) {
        return attribute(config, BIND_TOPIC);
    }

    /**
     * Whether {@code config} consumes its lite topics exclusively: its attribute {@value
     * #SUB_MODEL} is {@code Exclusive} (the reference's; {@code Shared} by default).
     */
    static boolean exclusive(SubscriptionGroupConfig config) {
        return "Exclusive".equals(attribute(config, SUB_MODEL));
    }

    /** Whether {@code config}'s boolean attribute {@code name} is {@code true} (false unset). */
    static boolean flag(SubscriptionGroupConfig config, String name) {
        return Boolean.parseBoolean(attribute(config, name));
    }

    /**
     * {@code config}'s attribute {@value #CLIENT_QUOTA}, {@code fallback} when unset or not a
     * number.
     */
    static long clientQuota(SubscriptionGroupConfig config, long fallback) {
        String value = attribute(config, CLIENT_QUOTA);
        if (value == null) {
            return fallback;
        }
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            return fallback;
        }
    }

    private static String attribute(SubscriptionGroupConfig config, String name) {
        Map<String, String> attributes = config.attributes();
        String value = attributes.get(name);
        return value != null ? value : attributes.get("+" + name);
    }

    /** Whether {@code topic} takes LITE messages. */
    static boolean isLite(TopicConfig topic) {
        return "LITE".equals(topic.attributes().get(MESSAGE_TYPE));
    }

    /** A LITE topic's lite topic expiration attribute, -1 when unset or not LITE. */
    static int expiration(TopicConfig topic) {
        String value = isLite(topic) ? topic.attributes().get(EXPIRATION) : null;
        if (value == null) {
            return -1;
        }
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** Parent topic → the groups bound to it. */
    static Map<String, Set<String>> bound(SubscriptionGroupTable groups) {
        Map<String, Set<String>> byTopic = new TreeMap<>();
        for (SubscriptionGroupConfig config : groups.snapshot().subscriptionGroupTable().values()) {
            String topic = bindTopic(config);
            if (topic != null && !topic.isEmpty()) {
                byTopic.computeIfAbsent(topic, t -> new TreeSet<>()).add(config.groupName());
            }
        }
        return byTopic;
    }
}
