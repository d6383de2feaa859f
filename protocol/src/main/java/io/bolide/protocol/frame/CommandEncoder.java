package io.bolide.protocol.frame;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;

/**
 * Encodes a command's frame straight into the outbound buffer: length words are reserved, the
 * header is written in place, and the lengths are patched afterwards (DESIGN.md rule 4). The body
 * is not copied: the frame length counts it and the caller writes it next (for example as a second
 * buffer of the same write).
 *
 * <p>JSON output is the Java reference's canonical form: compact, keys in alphabetical order,
 * {@code extFields} only when there is a header, {@code remark} only when non-null.
 */
public final class CommandEncoder {
    /** The version ordinal Bolide reports: that of Apache RocketMQ 5.4.0. */
    public static final int VERSION = 493;

    private static final String JSON_SERIALIZE_TYPE = ",\"serializeTypeCurrentRPC\":\"JSON\"";

    private CommandEncoder() {}

    /**
     * Writes one frame's length words and header.
     *
     * @param header ext fields, or null for a command without a header object
     * @param bodyLength bytes of body the caller writes right after
     */
    public static void encode(
            ByteBuf out,
            SerializeType type,
            int code,
            int opaque,
            int flag,
            String remark,
            CommandHeader header,
            int bodyLength) {
        int frameStart = out.writerIndex();
        out.writeLong(0); // frame length and header info, patched below
        if (type == SerializeType.JSON) {
            writeJsonHeader(out, code, opaque, flag, remark, header);
        } else {
            writeBinaryHeader(out, code, opaque, flag, remark, header);
        }
        int headerLength = out.writerIndex() - frameStart - FrameDescriptor.HEADER_OFFSET;
        if (headerLength > FrameDescriptor.MAX_HEADER_LENGTH) {
            out.writerIndex(frameStart);
            throw new IllegalArgumentException("header of " + headerLength + " bytes is too large");
        }
        out.setInt(frameStart, FrameDescriptor.HEADER_INFO_SIZE + headerLength + bodyLength);
        out.setInt(
                frameStart + FrameDescriptor.LENGTH_FIELD_SIZE,
                FrameDescriptor.headerInfo(type, headerLength));
    }

    /** {@link #encode} followed by a copy of {@code body} (small bodies, tests). */
    public static void encodeWithBody(
            ByteBuf out,
            SerializeType type,
            int code,
            int opaque,
            int flag,
            String remark,
            CommandHeader header,
            ByteBuf body) {
        int bodyLength = body == null ? 0 : body.readableBytes();
        encode(out, type, code, opaque, flag, remark, header, bodyLength);
        if (bodyLength > 0) {
            out.writeBytes(body, body.readerIndex(), bodyLength);
        }
    }

    private static void writeJsonHeader(
            ByteBuf out, int code, int opaque, int flag, String remark, CommandHeader header) {
        ByteBufUtil.writeAscii(out, "{\"code\":");
        Ascii.writeDecimal(out, code);
        if (header != null) {
            ByteBufUtil.writeAscii(out, ",\"extFields\":{");
            header.encode(out, JsonExtFieldWriter.INSTANCE);
            out.writeByte('}');
        }
        ByteBufUtil.writeAscii(out, ",\"flag\":");
        Ascii.writeDecimal(out, flag);
        ByteBufUtil.writeAscii(out, ",\"language\":\"JAVA\",\"opaque\":");
        Ascii.writeDecimal(out, opaque);
        if (remark != null) {
            ByteBufUtil.writeAscii(out, ",\"remark\":");
            JsonWriting.writeString(out, remark);
        }
        ByteBufUtil.writeAscii(out, JSON_SERIALIZE_TYPE);
        ByteBufUtil.writeAscii(out, ",\"version\":");
        Ascii.writeDecimal(out, VERSION);
        out.writeByte('}');
    }

    private static void writeBinaryHeader(
            ByteBuf out, int code, int opaque, int flag, String remark, CommandHeader header) {
        out.writeShort(code);
        out.writeByte(LanguageCode.JAVA);
        out.writeShort(VERSION);
        out.writeInt(opaque);
        out.writeInt(flag);
        if (remark == null) {
            out.writeInt(0);
        } else {
            Utf8.writeWithIntLength(out, remark);
        }
        int extLengthIndex = out.writerIndex();
        out.writeInt(0);
        if (header != null) {
            header.encode(out, BinaryExtFieldWriter.INSTANCE);
        }
        out.setInt(extLengthIndex, out.writerIndex() - extLengthIndex - 4);
    }
}
