package io.bolide.broker.lite;

/**
 * The broker-wide limits on lite topics, at the reference's defaults (5.5.0). The lite topics one
 * client may subscribe to are its group's ({@link LiteGroupRules#clientQuota}).
 *
 * @param maxLiteTopics lite topics (their queues) one broker stores: a send that would make one
 *     more is refused LMQ_QUOTA_EXCEEDED (2017); the reference's {@code maxLmqConsumeQueueNum},
 *     20000
 * @param maxSubscriptions lite subscriptions (lite topic, group, client) one broker keeps: one more
 *     is refused LITE_SUBSCRIPTION_QUOTA_EXCEEDED (2018); the reference's {@code
 *     maxLiteSubscriptionCount}, 100000
 */
public record LiteQuotas(int maxLiteTopics, long maxSubscriptions) {
    /** The reference's defaults. */
    public static final LiteQuotas DEFAULTS = new LiteQuotas(20_000, 100_000);
}
