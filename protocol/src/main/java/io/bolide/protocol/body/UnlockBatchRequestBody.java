package io.bolide.protocol.body;

import java.util.Set;

/** Body of {@code UNLOCK_BATCH_MQ}: the queues a client releases. */
public record UnlockBatchRequestBody(
        String consumerGroup, String clientId, Set<MessageQueue> mqSet, boolean onlyThisBroker) {

    /** Copies the queues, null becoming empty. */
    public UnlockBatchRequestBody {
        mqSet = Frozen.set(mqSet);
    }
}
