// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** RECALL_MESSAGE (370) response: the recalled message's unique key. */
public final class RecallMessageResponseHeader implements CommandHeader {
    private static final byte[] KEY_MSG_ID = "msgId".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 1L;
    private static final String[] REQUIRED_KEYS = {"msgId"};
    private String msgId;

    /** An empty header. */
    public RecallMessageResponseHeader() {}

    /** The {@code msgId} field (required). */
    public String msgId() {
        return msgId;
    }

    /** Sets the {@code msgId} field. */
    public RecallMessageResponseHeader msgId(String value) {
        this.msgId = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putString(out, KEY_MSG_ID, msgId);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static RecallMessageResponseHeader decode(ExtFieldCursor fields) {
        RecallMessageResponseHeader header = new RecallMessageResponseHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("RecallMessageResponseHeader: missing required field "
                    + REQUIRED_KEYS[Long.numberOfTrailingZeros(~seen & REQUIRED)]);
        }
        return header;
    }

    /** Reads the cursor's current field if it is one of ours; returns its required-bit. */
    private long read(ExtFieldCursor field) {
        switch (field.keyLength()) {
            case 5:
                if (field.keyIs(KEY_MSG_ID)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.msgId = value;
                    return 1L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "RecallMessageResponseHeader["
                + "msgId=" + msgId
                + "]";
    }
}
