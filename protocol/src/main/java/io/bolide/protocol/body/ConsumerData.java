package io.bolide.protocol.body;

import java.util.Set;

/** A consumer group named in a heartbeat, with its subscriptions. */
public record ConsumerData(
        String groupName,
        ConsumeType consumeType,
        MessageModel messageModel,
        ConsumeFromWhere consumeFromWhere,
        Set<SubscriptionData> subscriptionDataSet,
        boolean unitMode) {

    /** Copies the subscriptions, null becoming empty. */
    public ConsumerData {
        subscriptionDataSet = Frozen.set(subscriptionDataSet);
    }
}
