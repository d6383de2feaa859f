// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** NOTIFICATION (200054) response. */
public final class NotificationResponseHeader implements CommandHeader {
    private static final byte[] KEY_HAS_MSG = "hasMsg".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_POLLING_FULL = "pollingFull".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 1L;
    private static final String[] REQUIRED_KEYS = {"hasMsg"};
    private boolean hasMsg;
    private boolean pollingFull = false;

    /** An empty header. */
    public NotificationResponseHeader() {}

    /** The {@code hasMsg} field (required). */
    public boolean hasMsg() {
        return hasMsg;
    }

    /** Sets the {@code hasMsg} field. */
    public NotificationResponseHeader hasMsg(boolean value) {
        this.hasMsg = value;
        return this;
    }

    /** The {@code pollingFull} field. */
    public boolean pollingFull() {
        return pollingFull;
    }

    /** Sets the {@code pollingFull} field. */
    public NotificationResponseHeader pollingFull(boolean value) {
        this.pollingFull = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putBoolean(out, KEY_HAS_MSG, hasMsg);
        writer.putBoolean(out, KEY_POLLING_FULL, pollingFull);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static NotificationResponseHeader decode(ExtFieldCursor fields) {
        NotificationResponseHeader header = new NotificationResponseHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("NotificationResponseHeader: missing required field "
                    + REQUIRED_KEYS[Long.numberOfTrailingZeros(~seen & REQUIRED)]);
        }
        return header;
    }

    /** Reads the cursor's current field if it is one of ours; returns its required-bit. */
    private long read(ExtFieldCursor field) {
        switch (field.keyLength()) {
            case 6:
                if (field.keyIs(KEY_HAS_MSG)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.hasMsg = field.valueAsBoolean();
                    return 1L;
                }
                return 0L;
            case 11:
                if (field.keyIs(KEY_POLLING_FULL)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.pollingFull = field.valueAsBoolean();
                    return 0L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "NotificationResponseHeader["
                + "hasMsg=" + hasMsg
                + ", pollingFull=" + pollingFull
                + "]";
    }
}
