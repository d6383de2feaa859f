package io.bolide.protocol.body;

/** A subscription a group is configured with, in {@link SubscriptionGroupConfig}. */
public record SimpleSubscriptionData(
        String topic, String expressionType, String expression, long version) {}
