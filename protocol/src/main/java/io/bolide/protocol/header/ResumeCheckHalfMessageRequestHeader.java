// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** RESUME_CHECK_HALF_MESSAGE (323) request: msgId is the offset message id of the half message to put back into transaction checking. */
public final class ResumeCheckHalfMessageRequestHeader implements CommandHeader {
    private static final byte[] KEY_TOPIC = "topic".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_MSG_ID = "msgId".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 0L;
    private static final String[] REQUIRED_KEYS = {};
    private String topic;
    private String msgId;

    /** An empty header. */
    public ResumeCheckHalfMessageRequestHeader() {}

    /** The {@code topic} field. */
    public String topic() {
        return topic;
    }

    /** Sets the {@code topic} field. */
    public ResumeCheckHalfMessageRequestHeader topic(String value) {
        this.topic = value;
        return this;
    }

    /** The {@code msgId} field. */
    public String msgId() {
        return msgId;
    }

    /** Sets the {@code msgId} field. */
    public ResumeCheckHalfMessageRequestHeader msgId(String value) {
        this.msgId = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putString(out, KEY_TOPIC, topic);
        writer.putString(out, KEY_MSG_ID, msgId);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static ResumeCheckHalfMessageRequestHeader decode(ExtFieldCursor fields) {
        ResumeCheckHalfMessageRequestHeader header = new ResumeCheckHalfMessageRequestHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("ResumeCheckHalfMessageRequestHeader: missing required field "
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
                if (field.keyIs(KEY_MSG_ID)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.msgId = value;
                    return 0L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "ResumeCheckHalfMessageRequestHeader["
                + "topic=" + topic
                + ", msgId=" + msgId
                + "]";
    }
}
