package io.bolide.store;

import io.netty.buffer.ByteBuf;
import java.util.List;

/**
 * Records read from one consume queue: each buffer is a retained slice of a mapped commit-log
 * segment holding one whole stored record. The caller owns the slices and must {@link #release()}
 * them (or release each one after writing it to a socket).
 */
public final class GetResult {
    private final GetStatus status;
    private final long nextBeginOffset;
    private final long minOffset;
    private final long maxOffset;
    private final List<ByteBuf> messages;

    GetResult(
            GetStatus status,
            long nextBeginOffset,
            long minOffset,
            long maxOffset,
            List<ByteBuf> messages) {
        this.status = status;
        this.nextBeginOffset = nextBeginOffset;
        this.minOffset = minOffset;
        this.maxOffset = maxOffset;
        this.messages = messages;
    }

    /** Outcome. */
    public GetStatus status() {
        return status;
    }

    /** Queue offset the consumer should ask for next. */
    public long nextBeginOffset() {
        return nextBeginOffset;
    }

    /** Smallest readable queue offset. */
    public long minOffset() {
        return minOffset;
    }

    /** One past the largest readable queue offset. */
    public long maxOffset() {
        return maxOffset;
    }

    /** The records, in queue order; owned by the caller. */
    public List<ByteBuf> messages() {
        return messages;
    }

    /** Total bytes of the returned records. */
    public int totalBytes() {
        int total = 0;
        for (ByteBuf message : messages) {
            total += message.readableBytes();
        }
        return total;
    }

    /** Releases every returned slice. */
    public void release() {
        for (ByteBuf message : messages) {
            message.release();
        }
    }

    @Override
    public String toString() {
        return "GetResult{"
                + status
                + ", next="
                + nextBeginOffset
                + ", count="
                + messages.size()
                + '}';
    }
}
