package io.bolide.store;

import java.nio.ByteBuffer;

/**
 * One record to append. Everything that can be done before the append lock (encoding, CRC,
 * validation) is the writer's business before {@link MessageStore#put}; {@link #write} runs under
 * the lock and should only copy bytes and patch the fields the store assigns.
 */
public interface RecordWriter {
    /** Topic whose consume queue receives the record. */
    String topic();

    /** Queue id within the topic. */
    int queueId();

    /** Exact size of the record in bytes (its TOTALSIZE field). */
    int size();

    /**
     * Writes the whole record at {@code target[pos, pos + size())} with the given physical offset,
     * queue offset and store timestamp. Must use absolute access only.
     */
    void write(ByteBuffer target, int pos, long physOffset, long queueOffset, long storeTimestamp);
}
