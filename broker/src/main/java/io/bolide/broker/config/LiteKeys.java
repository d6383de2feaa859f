package io.bolide.broker.config;

import io.bolide.remoting.config.Key;
import io.bolide.remoting.config.KeyTable;

/**
 * The reference's lite-topic keys (RIP-83, Apache 5.5.0) Bolide applies, declared here and tabled
 * in {@link BrokerConfigKeys} (docs/lite-topics.md).
 */
public final class LiteKeys {
    private static final Key<Long> MAX_LITE_SUBSCRIPTION_COUNT =
            Key.ofLong(
                            "maxLiteSubscriptionCount",
                            100_000,
                            0,
                            Long.MAX_VALUE,
                            "lite subscriptions (lite topic and client) one broker keeps; a sync that"
                                    + " would keep more is refused LITE_SUBSCRIPTION_QUOTA_EXCEEDED")
                    .live();

    private static final Key<Integer> MAX_LMQ_CONSUME_QUEUE_NUM =
            Key.ofInt(
                            "maxLmqConsumeQueueNum",
                            20_000,
                            1,
                            Integer.MAX_VALUE,
                            "lite topics (LMQ queues) one broker stores; a send that would create one"
                                    + " more is refused LMQ_QUOTA_EXCEEDED")
                    .live();

    private static final Key<Long> LITE_SUBSCRIPTION_CHECK_INTERVAL =
            Key.ofLong(
                            "liteSubscriptionCheckInterval",
                            120_000,
                            1_000,
                            Long.MAX_VALUE,
                            "ms between two looks for lite subscriptions no sync has set for"
                                    + " liteSubscriptionCheckTimeoutMills")
                    .live();

    private static final Key<Long> LITE_SUBSCRIPTION_CHECK_TIMEOUT =
            Key.ofLong(
                            "liteSubscriptionCheckTimeoutMills",
                            180_000,
                            1_000,
                            Long.MAX_VALUE,
                            "ms after its last sync a client's lite subscription is forgotten (a live"
                                    + " lite consumer syncs its whole set every 30 s)")
                    .live();

    private static final Key<Long> MAX_POP_POLLING_SIZE =
            Key.ofLong(
                            "maxPopPollingSize",
                            100_000,
                            0,
                            Long.MAX_VALUE,
                            "lite pops (POP_LITE_MESSAGE) one broker holds for long polling; one more"
                                    + " is answered POLLING_FULL (209) at once")
                    .live();

    private static final Key<Integer> POP_POLLING_SIZE =
            Key.ofInt(
                            "popPollingSize",
                            1024,
                            0,
                            Integer.MAX_VALUE,
                            "lite pops one client of a group may have held for long polling beyond which"
                                    + " one more is answered POLLING_FULL (209) at once")
                    .live();

    /** {@code maxLiteSubscriptionCount}. */
    public final Key<Long> maxSubscriptions;

    /** {@code maxLmqConsumeQueueNum}. */
    public final Key<Integer> maxLiteTopics;

    /** {@code liteSubscriptionCheckInterval}. */
    public final Key<Long> subscriptionCheckInterval;

    /** {@code liteSubscriptionCheckTimeoutMills}. */
    public final Key<Long> subscriptionCheckTimeout;

    /** {@code maxPopPollingSize}. */
    public final Key<Long> maxPollingSize;

    /** {@code popPollingSize}. */
    public final Key<Integer> pollingSize;

    private LiteKeys(KeyTable.Builder keys) {
        maxSubscriptions = keys.add(MAX_LITE_SUBSCRIPTION_COUNT);
        maxLiteTopics = keys.add(MAX_LMQ_CONSUME_QUEUE_NUM);
        subscriptionCheckInterval = keys.add(LITE_SUBSCRIPTION_CHECK_INTERVAL);
        subscriptionCheckTimeout = keys.add(LITE_SUBSCRIPTION_CHECK_TIMEOUT);
        maxPollingSize = keys.add(MAX_POP_POLLING_SIZE);
        pollingSize = keys.add(POP_POLLING_SIZE);
    }

    static LiteKeys declare(KeyTable.Builder keys) {
        return new LiteKeys(keys);
    }
}
