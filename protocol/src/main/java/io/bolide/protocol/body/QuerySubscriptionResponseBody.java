package io.bolide.protocol.body;

/** Body of a {@code QUERY_SUBSCRIPTION_BY_CONSUMER} response; no subscription is null. */
public record QuerySubscriptionResponseBody(
        SubscriptionData subscriptionData, String group, String topic) {}
