package io.bolide.store;

import io.netty.buffer.ByteBuf;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * A record encoded (body CRC included) before the append: under the lock it is only copied into the
 * segment and its queue offset, physical offset and store timestamp are patched. The store does not
 * take ownership of the buffer; it may be released once {@link MessageStore#put} returns.
 */
public final class EncodedRecord implements RecordWriter {
    private final String topic;
    private final int queueId;
    private final ByteBuf record;

    /**
     * Wraps a complete stored record (its readable bytes, TOTALSIZE first).
     *
     * @throws IllegalArgumentException if the TOTALSIZE field disagrees with the readable bytes
     */
    public EncodedRecord(String topic, int queueId, ByteBuf record) {
        this.topic = Objects.requireNonNull(topic, "topic");
        this.queueId = queueId;
        this.record = Objects.requireNonNull(record, "record");
        int size = record.readableBytes();
        if (size < StoredRecordFlyweight.MIN_SIZE || record.getInt(record.readerIndex()) != size) {
            throw new IllegalArgumentException(
                    "record TOTALSIZE does not match its " + size + " readable bytes");
        }
        if (!StoredRecordFlyweight.hasTopic(record.nioBuffer(), 0, topic)) {
            throw new IllegalArgumentException("record does not carry topic " + topic);
        }
    }

    @Override
    public String topic() {
        return topic;
    }

    @Override
    public int queueId() {
        return queueId;
    }

    @Override
    public int size() {
        return record.readableBytes();
    }

    @Override
    public void write(
            ByteBuffer target, int pos, long physOffset, long queueOffset, long storeTimestamp) {
        int size = record.readableBytes();
        int from = record.readerIndex();
        // TOTALSIZE last, behind a release fence: a process killed mid-copy leaves it zero, and
        // crash recovery stops before the torn record (its tail may never have been written).
        int rest = size - 4;
        if (record.hasArray()) {
            target.put(pos + 4, record.array(), record.arrayOffset() + from + 4, rest);
        } else {
            target.put(pos + 4, record.nioBuffer(from + 4, rest), 0, rest);
        }
        StoredRecordFlyweight.patch(target, pos, queueId, queueOffset, physOffset, storeTimestamp);
        VarHandle.releaseFence();
        target.putInt(pos, record.getInt(from));
    }
}
