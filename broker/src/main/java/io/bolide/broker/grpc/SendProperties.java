package io.bolide.broker.grpc;

import io.bolide.broker.lite.LiteNames;
import io.bolide.grpc.v2.Code;
import io.bolide.grpc.v2.Message;
import io.bolide.grpc.v2.MessageType;
import io.bolide.grpc.v2.SystemProperties;
import io.bolide.protocol.message.MessageProperties;
import io.bolide.protocol.message.MessageProperty;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The stored properties of a gRPC message: the user's, then the system ones a remoting producer or
 * the reference proxy sets, so remoting consumers read the message too.
 */
final class SendProperties {
    static final String SHARDING_KEY = "__SHARDINGKEY";
    static final String TIMER_DELIVER_MS = "TIMER_DELIVER_MS";
    static final String TRAN_MSG = "TRAN_MSG";
    static final String PRODUCER_GROUP = "PGROUP";
    static final String CHECK_IMMUNITY = "CHECK_IMMUNITY_TIME_IN_SECONDS";

    /**
     * A priority message's priority (RIP-80), as the reference names the property: the send path
     * maps it to a queue (docs/priority.md).
     */
    static final String PRIORITY = "_SYS_MSG_PRIORITY_";

    private SendProperties() {}

    /**
     * The producer group a gRPC producer's messages carry: the SDKs name none, and the reference
     * proxy uses the topic, so a transaction is checked with whoever publishes to it.
     */
    static String producerGroup(String topic) {
        return topic;
    }

    static String of(Message message) throws BadRequest {
        SystemProperties system = message.getSystemProperties();
        Map<String, String> properties = new LinkedHashMap<>(message.getUserPropertiesMap());
        for (String name : properties.keySet()) {
            if (MessageViews.RESERVED.contains(name) || !Texts.clean(name)) {
                throw new BadRequest(
                        Code.ILLEGAL_MESSAGE_PROPERTY_KEY,
                        "property name " + name + " is reserved");
            }
        }
        tagAndKeys(system, properties);
        properties.put(MessageProperty.UNIQ_KEY, system.getMessageId());
        typed(message, properties);
        for (String value : properties.values()) {
            if (!Texts.clean(value)) {
                throw new BadRequest(
                        Code.ILLEGAL_MESSAGE_PROPERTY_KEY, "property value has a separator byte");
            }
        }
        return MessageProperties.toText(properties);
    }

    private static void tagAndKeys(SystemProperties system, Map<String, String> properties)
            throws BadRequest {
        if (system.hasTag()) {
            if (!Texts.clean(system.getTag()) || system.getTag().indexOf('|') >= 0) {
                throw new BadRequest(Code.ILLEGAL_MESSAGE_TAG, "illegal tag");
            }
            properties.put(MessageProperty.TAGS, system.getTag());
        }
        if (system.getKeysCount() > 0) {
            for (String key : system.getKeysList()) {
                if (!Texts.clean(key) || key.indexOf(' ') >= 0) {
                    throw new BadRequest(Code.ILLEGAL_MESSAGE_KEY, "illegal key");
                }
            }
            properties.put(MessageProperty.KEYS, String.join(" ", system.getKeysList()));
        }
    }

    /** What the message's type asks of the broker: a group's queue, a due time, a half. */
    private static void typed(Message message, Map<String, String> properties) {
        SystemProperties system = message.getSystemProperties();
        if (system.hasMessageGroup()) {
            properties.put(SHARDING_KEY, system.getMessageGroup());
        }
        if (system.hasDeliveryTimestamp()) {
            properties.put(
                    TIMER_DELIVER_MS, Long.toString(Times.millis(system.getDeliveryTimestamp())));
        }
        if (system.getMessageType() == MessageType.LITE) {
            properties.put(LiteNames.PROPERTY, system.getLiteTopic());
        }
        if (system.hasPriority()) {
            // As the reference proxy: stored whenever set; the send path judges what it counts for.
            properties.put(PRIORITY, Integer.toString(system.getPriority()));
        }
        if (system.getMessageType() == MessageType.TRANSACTION) {
            properties.put(TRAN_MSG, "true");
            properties.put(PRODUCER_GROUP, producerGroup(message.getTopic().getName()));
            if (system.hasOrphanedTransactionRecoveryDuration()) {
                long seconds = system.getOrphanedTransactionRecoveryDuration().getSeconds();
                properties.put(CHECK_IMMUNITY, Long.toString(Math.max(0, seconds)));
            }
        }
    }
}
