package io.bolide.store;

import io.netty.buffer.ByteBuf;
import java.util.List;

/**
 * Records found by key: retained slices of the commit log, owned by the caller, who must {@link
 * #release()} them.
 */
public final class QueryResult {
    private final List<ByteBuf> messages;
    private final long indexLastUpdateTimestamp;
    private final long indexLastUpdatePhysOffset;

    QueryResult(List<ByteBuf> messages, long indexLastUpdateTimestamp, long lastPhysOffset) {
        this.messages = messages;
        this.indexLastUpdateTimestamp = indexLastUpdateTimestamp;
        this.indexLastUpdatePhysOffset = lastPhysOffset;
    }

    /** Matching records, newest index file first. */
    public List<ByteBuf> messages() {
        return messages;
    }

    /** Store timestamp of the newest indexed record (QUERY_MESSAGE response header). */
    public long indexLastUpdateTimestamp() {
        return indexLastUpdateTimestamp;
    }

    /** Commit-log offset of the newest indexed record (QUERY_MESSAGE response header). */
    public long indexLastUpdatePhysOffset() {
        return indexLastUpdatePhysOffset;
    }

    /** Releases every returned slice. */
    public void release() {
        for (ByteBuf message : messages) {
            message.release();
        }
    }
}
