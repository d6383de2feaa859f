package io.bolide.broker;

import io.bolide.protocol.body.SubscriptionData;

/** A subscription registered by heartbeat, with its tag filter built once. */
record Subscription(String topic, String expression, long subVersion, TagFilter filter) {
    static Subscription of(SubscriptionData data) {
        return new Subscription(
                data.topic(), data.subString(), data.subVersion(), TagFilter.of(data));
    }
}
