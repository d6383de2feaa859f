package io.bolide.broker.pop;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import java.util.ArrayList;
import java.util.List;

/**
 * What one pop took: the stored records (retained slices of the commit log, sent as they are), the
 * offset fields of the response header, and how many messages the queues still hold.
 */
final class PopBatch {
    final long popTime;
    final PopOffsetInfo info = new PopOffsetInfo();
    private final List<ByteBuf> records = new ArrayList<>();
    long restNum;

    PopBatch(long popTime) {
        this.popTime = popTime;
    }

    void add(ByteBuf record) {
        records.add(record);
    }

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
