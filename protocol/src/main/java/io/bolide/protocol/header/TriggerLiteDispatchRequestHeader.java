// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** TRIGGER_LITE_DISPATCH (200079) request. */
public final class TriggerLiteDispatchRequestHeader implements CommandHeader {
    private static final byte[] KEY_GROUP = "group".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_CLIENT_ID = "clientId".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 1L;
    private static final String[] REQUIRED_KEYS = {"group"};
    private String group;
    private String clientId;

    /** An empty header. */
    public TriggerLiteDispatchRequestHeader() {}

    /** The {@code group} field (required). */
    public String group() {
        return group;
    }

    /** Sets the {@code group} field. */
    public TriggerLiteDispatchRequestHeader group(String value) {
        this.group = value;
        return this;
    }

    /** The {@code clientId} field. */
    public String clientId() {
        return clientId;
    }

    /** Sets the {@code clientId} field. */
    public TriggerLiteDispatchRequestHeader clientId(String value) {
        this.clientId = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putString(out, KEY_GROUP, group);
        writer.putString(out, KEY_CLIENT_ID, clientId);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static TriggerLiteDispatchRequestHeader decode(ExtFieldCursor fields) {
        TriggerLiteDispatchRequestHeader header = new TriggerLiteDispatchRequestHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("TriggerLiteDispatchRequestHeader: missing required field "
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
                return 0L;
            case 8:
                if (field.keyIs(KEY_CLIENT_ID)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.clientId = value;
                    return 0L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "TriggerLiteDispatchRequestHeader["
                + "group=" + group
                + ", clientId=" + clientId
                + "]";
    }
}
