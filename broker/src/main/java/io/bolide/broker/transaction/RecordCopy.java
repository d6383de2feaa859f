package io.bolide.broker.transaction;

import io.bolide.protocol.message.StoredMessageEncoder;
import io.bolide.store.RecordWriter;
import io.netty.buffer.Unpooled;
import java.nio.ByteBuffer;

/**
 * One record the transaction engine appends (a committed message, a re-put half message, an op
 * record), encoded under the append lock from a filled {@link StoredMessageEncoder}. Used once:
 * transactions are rare enough that a wrapper per append costs nothing worth saving.
 */
final class RecordCopy implements RecordWriter {
    private final StoredMessageEncoder encoder;
    private final String topic;
    private final int queueId;
    private final int size;

    /**
     * @throws IllegalArgumentException if the filled record does not fit the record format
     */
    RecordCopy(StoredMessageEncoder encoder, String topic, int queueId) {
        this.encoder = encoder.topic(topic).queueId(queueId);
        this.topic = topic;
        this.queueId = queueId;
        this.size = encoder.recordLength();
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
            ByteBuffer target, int pos, long physOffset, long queueOffset, long storeTimestamp) {
        encoder.queueOffset(queueOffset).physicalOffset(physOffset).storeTimestamp(storeTimestamp);
        ByteBuffer whole = target.duplicate();
        whole.clear();
        encoder.encodeAt(Unpooled.wrappedBuffer(whole), pos, size);
    }
}
