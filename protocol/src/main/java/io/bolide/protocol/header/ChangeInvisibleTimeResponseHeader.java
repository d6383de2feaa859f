// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** CHANGE_MESSAGE_INVISIBLETIME (200053) response: the new receipt handle's times. */
public final class ChangeInvisibleTimeResponseHeader implements CommandHeader {
    private static final byte[] KEY_POP_TIME = "popTime".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_INVISIBLE_TIME = "invisibleTime".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_REVIVE_QID = "reviveQid".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 7L;
    private static final String[] REQUIRED_KEYS = {"popTime", "invisibleTime", "reviveQid"};
    private long popTime;
    private long invisibleTime;
    private int reviveQid;

    /** An empty header. */
    public ChangeInvisibleTimeResponseHeader() {}

    /** The {@code popTime} field (required). */
    public long popTime() {
        return popTime;
    }

    /** Sets the {@code popTime} field. */
    public ChangeInvisibleTimeResponseHeader popTime(long value) {
        this.popTime = value;
        return this;
    }

    /** The {@code invisibleTime} field (required). */
    public long invisibleTime() {
        return invisibleTime;
    }

    /** Sets the {@code invisibleTime} field. */
    public ChangeInvisibleTimeResponseHeader invisibleTime(long value) {
        this.invisibleTime = value;
        return this;
    }

    /** The {@code reviveQid} field (required). */
    public int reviveQid() {
        return reviveQid;
    }

    /** Sets the {@code reviveQid} field. */
    public ChangeInvisibleTimeResponseHeader reviveQid(int value) {
        this.reviveQid = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putLong(out, KEY_POP_TIME, popTime);
        writer.putLong(out, KEY_INVISIBLE_TIME, invisibleTime);
        writer.putLong(out, KEY_REVIVE_QID, reviveQid);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static ChangeInvisibleTimeResponseHeader decode(ExtFieldCursor fields) {
        ChangeInvisibleTimeResponseHeader header = new ChangeInvisibleTimeResponseHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("ChangeInvisibleTimeResponseHeader: missing required field "
                    + REQUIRED_KEYS[Long.numberOfTrailingZeros(~seen & REQUIRED)]);
        }
        return header;
    }

    /** Reads the cursor's current field if it is one of ours; returns its required-bit. */
    private long read(ExtFieldCursor field) {
        switch (field.keyLength()) {
            case 7:
                if (field.keyIs(KEY_POP_TIME)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.popTime = field.valueAsLong();
                    return 1L;
                }
                return 0L;
            case 9:
                if (field.keyIs(KEY_REVIVE_QID)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.reviveQid = field.valueAsInt();
                    return 4L;
                }
                return 0L;
            case 13:
                if (field.keyIs(KEY_INVISIBLE_TIME)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.invisibleTime = field.valueAsLong();
                    return 2L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "ChangeInvisibleTimeResponseHeader["
                + "popTime=" + popTime
                + ", invisibleTime=" + invisibleTime
                + ", reviveQid=" + reviveQid
                + "]";
    }
}
