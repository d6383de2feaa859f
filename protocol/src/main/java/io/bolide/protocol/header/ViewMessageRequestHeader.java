// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** VIEW_MESSAGE_BY_ID (33) request; offset is the commit-log offset. */
public final class ViewMessageRequestHeader implements CommandHeader {
    private static final byte[] KEY_TOPIC = "topic".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_OFFSET = "offset".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 1L;
    private static final String[] REQUIRED_KEYS = {"offset"};
    private String topic;
    private long offset;

    /** An empty header. */
    public ViewMessageRequestHeader() {}

    /** The {@code topic} field. */
    public String topic() {
        return topic;
    }

    /** Sets the {@code topic} field. */
    public ViewMessageRequestHeader topic(String value) {
        this.topic = value;
        return this;
    }

    /** The {@code offset} field (required). */
    public long offset() {
        return offset;
    }

    /** Sets the {@code offset} field. */
    public ViewMessageRequestHeader offset(long value) {
        this.offset = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putString(out, KEY_TOPIC, topic);
        writer.putLong(out, KEY_OFFSET, offset);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static ViewMessageRequestHeader decode(ExtFieldCursor fields) {
        ViewMessageRequestHeader header = new ViewMessageRequestHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("ViewMessageRequestHeader: missing required field "
                    + REQUIRED_KEYS[Long.numberOfTrailingZeros(~seen & REQUIRED)]);
        }
        return header;
    }

    /** Reads the cursor's current field if it is one of ours; returns its required-bit. */
    private long read(ExtFieldCursor field) {
        switch (field.keyLength()) {
            case 5:
                if (field.keyIs(KEY_TOPIC)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.topic = value;
                    return 0L;
                }
                return 0L;
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
        return "ViewMessageRequestHeader["
                + "topic=" + topic
                + ", offset=" + offset
                + "]";
    }
}
