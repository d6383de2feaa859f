package io.bolide.protocol.body;

/**
 * Body of {@code CHECK_CLIENT_CONFIG} (46): a consumer asks the broker, before it starts, whether
 * the broker can serve one of its subscriptions (sent for non-TAG expression types only).
 */
public record CheckClientRequestBody(
        String clientId, String group, SubscriptionData subscriptionData, String namespace) {}
