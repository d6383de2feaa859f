package io.bolide.protocol.message;

import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;

/**
 * Walks stored message records laid back to back: a pull / query / view-by-id body, or a run of a
 * commit-log file. Each {@link #next()} re-wraps one shared {@link StoredMessageFlyweight}, so a
 * walk allocates nothing. The walk ends at the limit, at an end-of-file blank record, or at a
 * TOTALSIZE of 0 (the unwritten tail of a file); anything else malformed is an error.
 */
public final class StoredMessageDecoder {
    private final StoredMessageFlyweight message = new StoredMessageFlyweight();
    private ByteBuf buf;
    private int position;
    private int limit;
    private boolean endOfFile;

    /** Starts a walk over the readable bytes of {@code buf}. */
    public StoredMessageDecoder reset(ByteBuf buf) {
        return reset(buf, buf.readerIndex(), buf.writerIndex());
    }

    /** Starts a walk over {@code [from, to)} of {@code buf}. */
    public StoredMessageDecoder reset(ByteBuf buf, int from, int to) {
        if (from < 0 || to < from || to > buf.capacity()) {
            throw new IllegalArgumentException("bad range " + from + ".." + to);
        }
        this.buf = buf;
        this.position = from;
        this.limit = to;
        this.endOfFile = false;
        return this;
    }

    /**
     * Moves to the next record.
     *
     * @return false when the walk has ended (see {@link #endOfFile()})
     * @throws ProtocolDecodeException if the next record is truncated or malformed
     */
    public boolean next() {
        if (endOfFile || position >= limit) {
            return false;
        }
        if (limit - position >= 4 && buf.getInt(position) == 0) {
            endOfFile = true;
            return false;
        }
        if (limit - position >= 8
                && buf.getInt(position + MessageDescriptor.MAGIC_CODE_OFFSET)
                        == MessageDescriptor.BLANK_MAGIC) {
            endOfFile = true;
            return false;
        }
        message.wrap(buf, position, limit);
        position += message.totalSize();
        return true;
    }

    /** The current record; valid after {@link #next()} returned true. */
    public StoredMessageFlyweight message() {
        return message;
    }

    /** Index just after the current record: where the next one starts. */
    public int position() {
        return position;
    }

    /** Whether the walk stopped at a blank (end-of-file) record or a zero TOTALSIZE. */
    public boolean endOfFile() {
        return endOfFile;
    }
}
