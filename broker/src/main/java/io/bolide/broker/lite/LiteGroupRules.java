package io.bolide.broker.lite;

/**
 * What a consumer group's attributes say about its lite subscriptions (the reference's group
 * attributes, RIP-83). Each answer has the reference's default until a subscription-group table is
 * wired in.
 */
public interface LiteGroupRules {
    /** The reference's default of {@code lite.sub.client.quota}. */
    long DEFAULT_CLIENT_QUOTA = 2_000;

    /** Every group shared, no reset, the default quota. */
    LiteGroupRules DEFAULTS = new LiteGroupRules() {};

    /**
     * {@code lite.sub.model=Exclusive}: a lite topic one client adds is dropped from every other
     * client of the group.
     */
    default boolean exclusive(String group) {
        return false;
    }

    /**
     * {@code lite.sub.reset.offset.exclusive}: when a lite topic moves to another client of an
     * exclusive group, the group's offset on it goes back to 0.
     */
    default boolean resetOnMove(String group) {
        return false;
    }

    /**
     * {@code lite.sub.reset.offset.unsubscribe}: when a client removes a lite topic with
     * PARTIAL_REMOVE, the group's offset on it goes back to 0.
     */
    default boolean resetOnUnsubscribe(String group) {
        return false;
    }

    /** {@code lite.sub.client.quota}: lite topics one client of the group may subscribe to. */
    default long clientQuota(String group) {
        return DEFAULT_CLIENT_QUOTA;
    }
}
