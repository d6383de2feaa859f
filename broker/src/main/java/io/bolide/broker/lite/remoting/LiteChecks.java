package io.bolide.broker.lite.remoting;

import io.bolide.broker.table.SubscriptionGroupTable;
import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.body.SubscriptionGroupConfig;
import io.bolide.protocol.body.TopicConfig;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.remoting.Exchange;

/** The checks the lite query codes share, answering a refusal in the reference's words. */
final class LiteChecks {
    private LiteChecks() {}

    /** The LITE topic {@code name}, or null after answering that it is missing or not LITE. */
    static TopicConfig parent(TopicTable topics, String name, Exchange exchange) {
        TopicConfig topic = name == null ? null : topics.get(name);
        if (topic == null) {
            exchange.respond(ResponseCode.TOPIC_NOT_EXIST, "Topic [" + name + "] not exist.");
            return null;
        }
        if (!LiteGroups.isLite(topic)) {
            exchange.respond(
                    ResponseCode.INVALID_PARAMETER, "Topic [" + name + "] type not match.");
            return null;
        }
        return topic;
    }

    /**
     * The parent topic lite group {@code name} is bound to, or null after answering that the group
     * is missing or no lite group.
     */
    static String boundTopic(SubscriptionGroupTable groups, String name, Exchange exchange) {
        SubscriptionGroupConfig group = name == null ? null : groups.find(name);
        if (group == null) {
            exchange.respond(
                    ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST, "Group [" + name + "] not exist.");
            return null;
        }
        String topic = LiteGroups.bindTopic(group);
        if (topic == null || topic.isEmpty()) {
            exchange.respond(
                    ResponseCode.INVALID_PARAMETER, "Group [" + name + "] is not a LITE group.");
            return null;
        }
        return topic;
    }
}
