package io.bolide.broker.pop;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What one pop took: the stored records (retained slices of the commit log, sent as they are), the
 * offset fields of the response header, and how many messages the queues still hold.
 */
final class PopBatch {
    final long popTime;
    final PopOffsetInfo info = new PopOffsetInfo();
    private final List<ByteBuf> records = new ArrayList<>();

    /** Orderly pops: earlier deliveries by queue id and offset (remoting reads them from info). */
    private final Map<QueueOffset, Integer> redelivered = new HashMap<>();

    long restNum;

    PopBatch(long popTime) {
        this.popTime = popTime;
    }

    void add(ByteBuf record) {
        records.add(record);
    }

    void redelivered(int queueId, long offset, int count) {
        redelivered.put(new QueueOffset(queueId, offset), count);
    }

    /** How often the message at {@code offset} of queue {@code queueId} was delivered before. */
    int redeliveries(int queueId, long offset) {
        return redelivered.isEmpty()
                ? 0
                : redelivered.getOrDefault(new QueueOffset(queueId, offset), 0);
    }

    private record QueueOffset(int queueId, long offset) {}

    int count() {
        return records.size();
    }

    /** The records themselves; the caller takes over their references. */
    List<ByteBuf> records() {
        return records;
    }

    /** The records as one body; the batch gives up its references to the body. */
    ByteBuf body() {
        if (records.size() == 1) {
            return records.get(0);
        }
        CompositeByteBuf body =
                PooledByteBufAllocator.DEFAULT.compositeDirectBuffer(records.size());
        for (ByteBuf record : records) {
            body.addComponent(true, record);
        }
        return body;
    }
}
