package io.bolide.broker.lite;

import java.io.IOException;
import java.nio.file.Path;

/**
 * The lite-topic state one broker keeps, handed to the send path (the LMQ quota) and to the gRPC
 * endpoint (subscriptions and receives).
 *
 * @param topics the lite topics stored
 * @param subscriptions who reads which
 * @param quotas the limits both enforce
 */
public record Lite(LiteTopics topics, LiteSubscriptions subscriptions, LiteQuotas quotas) {
    /** The state of a broker storing under {@code storeRoot}, at the reference's default quotas. */
    public static Lite open(Path storeRoot) throws IOException {
        return open(storeRoot, LiteQuotas.DEFAULTS);
    }

    /** The state of a broker storing under {@code storeRoot}, with {@code quotas}. */
    public static Lite open(Path storeRoot, LiteQuotas quotas) throws IOException {
        return new Lite(
                LiteTopics.read(storeRoot.resolve("consumequeue"), quotas.maxLiteTopics()),
                new LiteSubscriptions(quotas),
                quotas);
    }

    /** Fresh state with {@code quotas} (tests). */
    public static Lite of(LiteQuotas quotas) {
        return new Lite(
                new LiteTopics(quotas.maxLiteTopics()), new LiteSubscriptions(quotas), quotas);
    }
}
