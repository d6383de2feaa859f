// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** DELETE_SUBSCRIPTIONGROUP (207) request. */
public final class DeleteSubscriptionGroupRequestHeader implements CommandHeader {
    private static final byte[] KEY_GROUP_NAME = "groupName".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_CLEAN_OFFSET = "cleanOffset".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 1L;
    private static final String[] REQUIRED_KEYS = {"groupName"};
    private String groupName;
    private boolean cleanOffset = false;

    /** An empty header. */
    public DeleteSubscriptionGroupRequestHeader() {}

    /** The {@code groupName} field (required). */
    public String groupName() {
        return groupName;
    }

    /** Sets the {@code groupName} field. */
    public DeleteSubscriptionGroupRequestHeader groupName(String value) {
        this.groupName = value;
        return this;
    }

    /** The {@code cleanOffset} field. */
    public boolean cleanOffset() {
        return cleanOffset;
    }

    /** Sets the {@code cleanOffset} field. */
    public DeleteSubscriptionGroupRequestHeader cleanOffset(boolean value) {
        this.cleanOffset = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putString(out, KEY_GROUP_NAME, groupName);
        writer.putBoolean(out, KEY_CLEAN_OFFSET, cleanOffset);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static DeleteSubscriptionGroupRequestHeader decode(ExtFieldCursor fields) {
        DeleteSubscriptionGroupRequestHeader header = new DeleteSubscriptionGroupRequestHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("DeleteSubscriptionGroupRequestHeader: missing required field "
                    + REQUIRED_KEYS[Long.numberOfTrailingZeros(~seen & REQUIRED)]);
        }
        return header;
    }

    /** Reads the cursor's current field if it is one of ours; returns its required-bit. */
    private long read(ExtFieldCursor field) {
        switch (field.keyLength()) {
            case 9:
                if (field.keyIs(KEY_GROUP_NAME)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.groupName = value;
                    return 1L;
                }
                return 0L;
            case 11:
                if (field.keyIs(KEY_CLEAN_OFFSET)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.cleanOffset = field.valueAsBoolean();
                    return 0L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "DeleteSubscriptionGroupRequestHeader["
                + "groupName=" + groupName
                + ", cleanOffset=" + cleanOffset
                + "]";
    }
}
