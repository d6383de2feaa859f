// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** POP_LITE_MESSAGE (200070) response: the client builds each message's POP_CK from these and the message's INNER_MULTI_DISPATCH / INNER_MULTI_QUEUE_OFFSET properties. */
public final class PopLiteMessageResponseHeader implements CommandHeader {
    private static final byte[] KEY_POP_TIME = "popTime".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_INVISIBLE_TIME = "invisibleTime".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_REVIVE_QID = "reviveQid".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_START_OFFSET_INFO = "startOffsetInfo".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_MSG_OFFSET_INFO = "msgOffsetInfo".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_ORDER_COUNT_INFO = "orderCountInfo".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 7L;
    private static final String[] REQUIRED_KEYS = {"popTime", "invisibleTime", "reviveQid"};
    private long popTime;
    private long invisibleTime;
    private int reviveQid;
    private String startOffsetInfo;
    private String msgOffsetInfo;
    private String orderCountInfo;

    /** An empty header. */
    public PopLiteMessageResponseHeader() {}

    /** The {@code popTime} field (required). */
    public long popTime() {
        return popTime;
    }

    /** Sets the {@code popTime} field. */
    public PopLiteMessageResponseHeader popTime(long value) {
        this.popTime = value;
        return this;
    }

    /** The {@code invisibleTime} field (required). */
    public long invisibleTime() {
        return invisibleTime;
    }

    /** Sets the {@code invisibleTime} field. */
    public PopLiteMessageResponseHeader invisibleTime(long value) {
        this.invisibleTime = value;
        return this;
    }

    /** The {@code reviveQid} field (required). */
    public int reviveQid() {
        return reviveQid;
    }

    /** Sets the {@code reviveQid} field. */
    public PopLiteMessageResponseHeader reviveQid(int value) {
        this.reviveQid = value;
        return this;
    }

    /** The {@code startOffsetInfo} field. */
    public String startOffsetInfo() {
        return startOffsetInfo;
    }

    /** Sets the {@code startOffsetInfo} field. */
    public PopLiteMessageResponseHeader startOffsetInfo(String value) {
        this.startOffsetInfo = value;
        return this;
    }

    /** The {@code msgOffsetInfo} field. */
    public String msgOffsetInfo() {
        return msgOffsetInfo;
    }

    /** Sets the {@code msgOffsetInfo} field. */
    public PopLiteMessageResponseHeader msgOffsetInfo(String value) {
        this.msgOffsetInfo = value;
        return this;
    }

    /** The {@code orderCountInfo} field. */
    public String orderCountInfo() {
        return orderCountInfo;
    }

    /** Sets the {@code orderCountInfo} field. */
    public PopLiteMessageResponseHeader orderCountInfo(String value) {
        this.orderCountInfo = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putLong(out, KEY_POP_TIME, popTime);
        writer.putLong(out, KEY_INVISIBLE_TIME, invisibleTime);
        writer.putLong(out, KEY_REVIVE_QID, reviveQid);
        writer.putString(out, KEY_START_OFFSET_INFO, startOffsetInfo);
        writer.putString(out, KEY_MSG_OFFSET_INFO, msgOffsetInfo);
        writer.putString(out, KEY_ORDER_COUNT_INFO, orderCountInfo);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static PopLiteMessageResponseHeader decode(ExtFieldCursor fields) {
        PopLiteMessageResponseHeader header = new PopLiteMessageResponseHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("PopLiteMessageResponseHeader: missing required field "
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
                if (field.keyIs(KEY_MSG_OFFSET_INFO)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.msgOffsetInfo = value;
                    return 0L;
                }
                return 0L;
            case 14:
                if (field.keyIs(KEY_ORDER_COUNT_INFO)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.orderCountInfo = value;
                    return 0L;
                }
                return 0L;
            case 15:
                if (field.keyIs(KEY_START_OFFSET_INFO)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.startOffsetInfo = value;
                    return 0L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "PopLiteMessageResponseHeader["
                + "popTime=" + popTime
                + ", invisibleTime=" + invisibleTime
                + ", reviveQid=" + reviveQid
                + ", startOffsetInfo=" + startOffsetInfo
                + ", msgOffsetInfo=" + msgOffsetInfo
                + ", orderCountInfo=" + orderCountInfo
                + "]";
    }
}
