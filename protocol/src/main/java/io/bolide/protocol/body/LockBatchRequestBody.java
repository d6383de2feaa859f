package io.bolide.protocol.body;

import java.util.Set;

/** Body of {@code LOCK_BATCH_MQ}: the queues a client of an orderly group wants locked. */
public record LockBatchRequestBody(
        String consumerGroup, String clientId, Set<MessageQueue> mqSet, boolean onlyThisBroker) {

    /** Copies the queues, null becoming empty. */
    public LockBatchRequestBody {
        mqSet = Frozen.set(mqSet);
    }
}
