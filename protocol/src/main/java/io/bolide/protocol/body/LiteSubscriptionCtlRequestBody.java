package io.bolide.protocol.body;

import java.util.Set;

/**
 * Body of a LITE_SUBSCRIPTION_CTL (200071) request (Lite Topics, #34): changes of the lite
 * subscriptions of one or more clients, applied in order.
 */
public record LiteSubscriptionCtlRequestBody(Set<LiteSubscriptionChange> subscriptionSet) {
    /** Copies the set, null becoming empty. */
    public LiteSubscriptionCtlRequestBody {
        subscriptionSet = Frozen.set(subscriptionSet);
    }
}
