package io.bolide.protocol.body;

import java.util.Set;

/**
 * One change in a {@link LiteSubscriptionCtlRequestBody} (the reference's {@code
 * LiteSubscriptionDTO}): {@code clientId} of {@code group} adds or removes lite topics of the
 * parent {@code topic}.
 *
 * @param action PARTIAL_ADD, PARTIAL_REMOVE, COMPLETE_ADD or COMPLETE_REMOVE; null when the sender
 *     wrote an action this release does not know
 * @param offsetOption where a PARTIAL_ADD's lite topics start to be read; null: where the group's
 *     offsets are
 * @param version the client's subscription version (a COMPLETE_ADD's), kept by none
 */
public record LiteSubscriptionChange(
        Action action,
        String clientId,
        String group,
        String topic,
        Set<String> liteTopicSet,
        OffsetOption offsetOption,
        long version) {
    /** How a change applies (the reference's {@code LiteSubscriptionAction}). */
    public enum Action {
        PARTIAL_ADD,
        PARTIAL_REMOVE,
        COMPLETE_ADD,
        COMPLETE_REMOVE
    }

    /** Copies the set, null becoming empty. */
    public LiteSubscriptionChange {
        liteTopicSet = Frozen.set(liteTopicSet);
    }
}
