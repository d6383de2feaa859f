// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** GET_EARLIEST_MSG_STORETIME (32) response. */
public final class GetEarliestMsgStoretimeResponseHeader implements CommandHeader {
    private static final byte[] KEY_TIMESTAMP = "timestamp".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 1L;
    private static final String[] REQUIRED_KEYS = {"timestamp"};
    private long timestamp;

    /** An empty header. */
    public GetEarliestMsgStoretimeResponseHeader() {}

    /** The {@code timestamp} field (required). */
    public long timestamp() {
        return timestamp;
    }

    /** Sets the {@code timestamp} field. */
    public GetEarliestMsgStoretimeResponseHeader timestamp(long value) {
        this.timestamp = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putLong(out, KEY_TIMESTAMP, timestamp);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static GetEarliestMsgStoretimeResponseHeader decode(ExtFieldCursor fields) {
        GetEarliestMsgStoretimeResponseHeader header = new GetEarliestMsgStoretimeResponseHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("GetEarliestMsgStoretimeResponseHeader: missing required field "
                    + REQUIRED_KEYS[Long.numberOfTrailingZeros(~seen & REQUIRED)]);
        }
        return header;
    }

    /** Reads the cursor's current field if it is one of ours; returns its required-bit. */
    private long read(ExtFieldCursor field) {
        switch (field.keyLength()) {
            case 9:
                if (field.keyIs(KEY_TIMESTAMP)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.timestamp = field.valueAsLong();
                    return 1L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "GetEarliestMsgStoretimeResponseHeader["
                + "timestamp=" + timestamp
                + "]";
    }
}
