// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** Response carrying one offset: QUERY_CONSUMER_OFFSET (14), GET_MAX_OFFSET (30), GET_MIN_OFFSET (31), SEARCH_OFFSET_BY_TIMESTAMP (29). */
public final class OffsetResponseHeader implements CommandHeader {
    private static final byte[] KEY_OFFSET = "offset".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 1L;
    private static final String[] REQUIRED_KEYS = {"offset"};
    private long offset;

    /** An empty header. */
    public OffsetResponseHeader() {}

    /** The {@code offset} field (required). */
    public long offset() {
        return offset;
    }

    /** Sets the {@code offset} field. */
    public OffsetResponseHeader offset(long value) {
        this.offset = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putLong(out, KEY_OFFSET, offset);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static OffsetResponseHeader decode(ExtFieldCursor fields) {
        OffsetResponseHeader header = new OffsetResponseHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("OffsetResponseHeader: missing required field "
                    + REQUIRED_KEYS[Long.numberOfTrailingZeros(~seen & REQUIRED)]);
        }
        return header;
    }

    /** Reads the cursor's current field if it is one of ours; returns its required-bit. */
    private long read(ExtFieldCursor field) {
        switch (field.keyLength()) {
            case 6:
                if (field.keyIs(KEY_OFFSET)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.offset = field.valueAsLong();
                    return 1L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "OffsetResponseHeader["
                + "offset=" + offset
                + "]";
    }
}
