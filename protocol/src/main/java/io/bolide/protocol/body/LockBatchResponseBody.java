package io.bolide.protocol.body;

import java.util.Set;

/** Body of a {@code LOCK_BATCH_MQ} response: the requested queues now locked by the client. */
public record LockBatchResponseBody(Set<MessageQueue> lockOKMQSet) {

    /** Copies the queues, null becoming empty. */
    public LockBatchResponseBody {
        lockOKMQSet = Frozen.set(lockOKMQSet);
    }
}
