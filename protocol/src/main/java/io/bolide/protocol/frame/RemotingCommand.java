package io.bolide.protocol.frame;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.Map;

/**
 * One decoded inbound frame: the fixed header fields, with the ext fields and the body left in the
 * frame buffer until somebody asks for them. The command owns the frame buffer; {@link #release()}
 * gives it back.
 */
public final class RemotingCommand {
    private final ByteBuf frame;
    private final SerializeType serializeType;

    /**
     * The header bytes that positions such as {@link #extStart} index: the frame's own array when
     * it has one, else a copy (see {@link FrameDecoder}).
     */
    private final byte[] header;

    int code;
    byte language = LanguageCode.JAVA;
    int version;
    int opaque;
    int flag;
    String remark;

    /** Absolute index range of the ext-field map in {@link #frame}; start &lt; 0 when absent. */
    int extStart = -1;

    int extEnd;
    private final int bodyIndex;
    private final int bodyLength;
    private ExtFieldCursor cursor;

    RemotingCommand(
            ByteBuf frame,
            SerializeType serializeType,
            byte[] header,
            int bodyIndex,
            int bodyLength) {
        this.frame = frame;
        this.header = header;
        this.serializeType = serializeType;
        this.bodyIndex = bodyIndex;
        this.bodyLength = bodyLength;
    }

    /** Request code of a request, response code of a response. */
    public int code() {
        return code;
    }

    /** The sender's {@link LanguageCode}. */
    public byte language() {
        return language;
    }

    /** The sender's version ordinal (493 for 5.4.0 Java components). */
    public int version() {
        return version;
    }

    /** Correlation id, echoed by responses. */
    public int opaque() {
        return opaque;
    }

    /** Raw flag bits (see {@link FrameDescriptor#FLAG_RESPONSE}). */
    public int flag() {
        return flag;
    }

    /** Whether this is a response. */
    public boolean isResponse() {
        return (flag & FrameDescriptor.FLAG_RESPONSE) != 0;
    }

    /** Whether the sender expects no response. */
    public boolean isOneway() {
        return (flag & FrameDescriptor.FLAG_ONEWAY) != 0;
    }

    /** Error or status text, or null. */
    public String remark() {
        return remark;
    }

    /** How the header was serialized. */
    public SerializeType serializeType() {
        return serializeType;
    }

    /** Back to the fields of a header that has none of the keys (before a second parse). */
    void resetHeaderFields() {
        code = 0;
        language = LanguageCode.JAVA;
        version = 0;
        opaque = 0;
        flag = 0;
        remark = null;
        extStart = -1;
        extEnd = 0;
        cursor = null;
    }

    /** Adopts the cursor that recorded the ext fields while the header was parsed. */
    void recordedFields(ExtFieldCursor recorded) {
        cursor = recorded;
    }

    /** Whether the header carried an ext-field map (possibly empty). */
    public boolean hasExtFields() {
        return extStart >= 0;
    }

    /**
     * A cursor over the ext fields, rewound to the first one; the same cursor on every call. An
     * absent map reads as empty.
     */
    public ExtFieldCursor extFields() {
        if (cursor == null) {
            cursor =
                    extStart < 0
                            ? ExtFieldCursor.empty()
                            : new ExtFieldCursor(header, serializeType, extStart, extEnd);
        } else {
            cursor.rewind();
        }
        return cursor;
    }

    /** The ext fields as a fresh map (allocates; off the hot path only). */
    public Map<String, String> extFieldMap() {
        return extFields().toMap();
    }

    /** Body length in bytes; 0 when there is no body. */
    public int bodyLength() {
        return bodyLength;
    }

    /** Index of the body's first byte in {@link #frame()} (read it there without a slice). */
    public int bodyIndex() {
        return bodyIndex;
    }

    /** The body as a slice of the frame (no copy, not retained: valid until {@link #release()}). */
    public ByteBuf body() {
        return bodyLength == 0 ? Unpooled.EMPTY_BUFFER : frame.slice(bodyIndex, bodyLength);
    }

    /** The whole frame, length field included. */
    public ByteBuf frame() {
        return frame;
    }

    /** Releases the frame buffer. */
    public void release() {
        frame.release();
    }

    @Override
    public String toString() {
        return "RemotingCommand[code="
                + code
                + ", opaque="
                + opaque
                + ", flag="
                + flag
                + ", "
                + serializeType
                + ", body="
                + bodyLength
                + "B]";
    }
}
