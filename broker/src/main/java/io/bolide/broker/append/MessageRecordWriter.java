package io.bolide.broker.append;

import io.bolide.protocol.message.StoredMessageEncoder;
import io.bolide.store.RecordWriter;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.ByteBuffer;

/**
 * One message, encoded once, straight into the commit log's mapped segment under the append lock:
 * the fields and the body CRC are prepared before the lock, {@link #write} copies the body from its
 * source buffer (the request frame, or a stored record being copied) and fills in the offsets and
 * store time. The send handlers reuse one per thread; the wrapper of the segment buffer is kept
 * while appends land in the same segment.
 */
public final class MessageRecordWriter implements RecordWriter {
    private final StoredMessageEncoder encoder;
    private String topic;
    private int queueId;
    private int size;
    private ByteBuffer wrappedTarget;
    private ByteBuf target;

    /** A writer with its own encoder, to be filled after {@link #start}. */
    public MessageRecordWriter() {
        this(new StoredMessageEncoder());
    }

    /** A writer of what {@code encoder} holds (or will hold), to be fixed by {@link #prepare}. */
    public MessageRecordWriter(StoredMessageEncoder encoder) {
        this.encoder = encoder;
    }

    /** The encoder, reset, for the caller to fill (body CRC included) before {@link #prepare}. */
    public StoredMessageEncoder start() {
        return encoder.reset();
    }

    /**
     * Fixes topic, queue and size from the filled encoder.
     *
     * @throws IllegalArgumentException if the properties or topic do not fit the record format
     */
    public MessageRecordWriter prepare(String topicName, int queue) {
        topic = topicName;
        queueId = queue;
        encoder.topic(topicName).queueId(queue);
        size = encoder.recordLength();
        return this;
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
        return size;
    }

    @Override
    public void write(
            ByteBuffer segment, int pos, long physOffset, long queueOffset, long storeTimestamp) {
        encoder.queueOffset(queueOffset).physicalOffset(physOffset).storeTimestamp(storeTimestamp);
        encoder.encodeAt(wrap(segment), pos, size);
    }

    private ByteBuf wrap(ByteBuffer segment) {
        if (segment != wrappedTarget) {
            ByteBuffer whole = segment.duplicate();
            whole.clear();
            target = Unpooled.wrappedBuffer(whole);
            wrappedTarget = segment;
        }
        return target;
    }

    /** Drops references to request buffers once the append is done. */
    public void clear() {
        encoder.reset();
    }
}
