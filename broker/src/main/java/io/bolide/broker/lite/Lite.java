package io.bolide.broker.lite;

import io.bolide.broker.config.BrokerConfig;
import io.bolide.broker.config.BrokerConfigKeys;
import java.io.IOException;
import java.nio.file.Path;
import java.util.function.Supplier;

/**
 * The lite-topic state one broker keeps, handed to the send path (the LMQ quota) and to the gRPC
 * endpoint (subscriptions and receives).
 *
 * @param topics the lite topics stored
 * @param subscriptions who reads which
 * @param quotas the limits both enforce
 */
public record Lite(
        LiteTopics topics, LiteSubscriptions subscriptions, Supplier<LiteQuotas> quotas) {
    /**
     * The state of a broker with {@code config}: stored under its store root, the lite topics
     * capped by its {@code maxLmqConsumeQueueNum}, the subscriptions by its {@code
     * maxLiteSubscriptionCount}; the per-client quota is each group's ({@link LiteGroupRules}).
     */
    public static Lite open(BrokerConfig config, Supplier<BrokerConfig> settings)
            throws IOException {
        // Both quotas change live: each check reads the settings as they are then.
        Supplier<LiteQuotas> quotas =
                () ->
                        new LiteQuotas(
                                settings.get().values().get(BrokerConfigKeys.LITE.maxLiteTopics),
                                settings.get()
                                        .values()
                                        .get(BrokerConfigKeys.LITE.maxSubscriptions));
        Path storeRoot = config.storePathRootDir();
        return new Lite(
                LiteTopics.read(
                        storeRoot.resolve("consumequeue"), () -> quotas.get().maxLiteTopics()),
                new LiteSubscriptions(quotas, System::currentTimeMillis),
                quotas);
    }

    /** Fresh state with {@code quotas} (tests). */
    public static Lite of(LiteQuotas quotas) {
        return new Lite(
                new LiteTopics(quotas.maxLiteTopics()),
                new LiteSubscriptions(quotas),
                () -> quotas);
    }
}
