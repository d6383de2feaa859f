package io.bolide.protocol.body;

import java.util.Map;
import java.util.Set;

/** Body of a {@code GET_CONSUMER_CONNECTION_LIST} response: a group's clients and subscriptions. */
public record ConsumerConnection(
        Set<Connection> connectionSet,
        Map<String, SubscriptionData> subscriptionTable,
        ConsumeType consumeType,
        MessageModel messageModel,
        ConsumeFromWhere consumeFromWhere) {

    /** Copies the collections, null becoming empty. */
    public ConsumerConnection {
        connectionSet = Frozen.set(connectionSet);
        subscriptionTable = Frozen.map(subscriptionTable);
    }
}
