// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** UPDATE_AND_GET_GROUP_FORBIDDEN (353) request; response body GroupForbidden. Without readable the request only reads. */
public final class UpdateGroupForbiddenRequestHeader implements CommandHeader {
    private static final byte[] KEY_GROUP = "group".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_TOPIC = "topic".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_READABLE = "readable".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 3L;
    private static final String[] REQUIRED_KEYS = {"group", "topic"};
    private String group;
    private String topic;
    private Boolean readable;

    /** An empty header. */
    public UpdateGroupForbiddenRequestHeader() {}

    /** The {@code group} field (required). */
    public String group() {
        return group;
    }

    /** Sets the {@code group} field. */
    public UpdateGroupForbiddenRequestHeader group(String value) {
        this.group = value;
        return this;
    }

    /** The {@code topic} field (required). */
    public String topic() {
        return topic;
    }

    /** Sets the {@code topic} field. */
    public UpdateGroupForbiddenRequestHeader topic(String value) {
        this.topic = value;
        return this;
    }

    /** The {@code readable} field. */
    public Boolean readable() {
        return readable;
    }

    /** Sets the {@code readable} field. */
    public UpdateGroupForbiddenRequestHeader readable(Boolean value) {
        this.readable = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putString(out, KEY_GROUP, group);
        writer.putString(out, KEY_TOPIC, topic);
        writer.putBoolean(out, KEY_READABLE, readable);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static UpdateGroupForbiddenRequestHeader decode(ExtFieldCursor fields) {
        UpdateGroupForbiddenRequestHeader header = new UpdateGroupForbiddenRequestHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("UpdateGroupForbiddenRequestHeader: missing required field "
                    + REQUIRED_KEYS[Long.numberOfTrailingZeros(~seen & REQUIRED)]);
        }
        return header;
    }

    /** Reads the cursor's current field if it is one of ours; returns its required-bit. */
    private long read(ExtFieldCursor field) {
        switch (field.keyLength()) {
            case 5:
                if (field.keyIs(KEY_GROUP)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.group = value;
                    return 1L;
                }
                if (field.keyIs(KEY_TOPIC)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.topic = value;
                    return 2L;
                }
                return 0L;
            case 8:
                if (field.keyIs(KEY_READABLE)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.readable = field.valueAsBoolean();
                    return 0L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "UpdateGroupForbiddenRequestHeader["
                + "group=" + group
                + ", topic=" + topic
                + ", readable=" + readable
                + "]";
    }
}
