package io.bolide.protocol.frame;

import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/**
 * Encodes a command's frame straight into the outbound buffer: length words are reserved, the
 * header is written in place, and the lengths are patched afterwards (docs/architecture.md rule 4).
 * The body is not copied: the frame length counts it and the caller writes it next (for example as
 * a second buffer of the same write).
 *
 * <p>JSON output is the Java reference's canonical form: compact, keys in alphabetical order,
 * {@code extFields} only when there is a header, {@code remark} only when non-null.
 */
public final class CommandEncoder {
    /** The version ordinal Bolide reports: that of Apache RocketMQ 5.4.0. */
    public static final int VERSION = 493;

    private static final long JSON_CODE = asciiLong("{\"code\":");
    private static final long JSON_FLAG = asciiLong(",\"flag\":");
    private static final byte[] JSON_EXT_FIELDS = ascii(",\"extFields\":{");
    private static final byte[] JSON_LANGUAGE_OPAQUE = ascii(",\"language\":\"JAVA\",\"opaque\":");
    private static final byte[] JSON_REMARK = ascii(",\"remark\":");
    private static final byte[] JSON_TAIL =
            ascii(",\"serializeTypeCurrentRPC\":\"JSON\",\"version\":" + VERSION + "}");

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
        // Constant text goes out as one wide or bulk write each (`{"code":` is exactly a long).
        out.writeLong(JSON_CODE);
        Ascii.writeDecimal(out, code);
        if (header != null) {
            out.writeBytes(JSON_EXT_FIELDS);
            header.encode(out, JsonExtFieldWriter.INSTANCE);
            out.writeByte('}');
        }
        out.writeLong(JSON_FLAG);
        Ascii.writeDecimal(out, flag);
        out.writeBytes(JSON_LANGUAGE_OPAQUE);
        Ascii.writeDecimal(out, opaque);
        if (remark != null) {
            out.writeBytes(JSON_REMARK);
            JsonWriting.writeString(out, remark);
        }
        out.writeBytes(JSON_TAIL);
    }

    private static void writeBinaryHeader(
            ByteBuf out, int code, int opaque, int flag, String remark, CommandHeader header) {
        // code:int16 language:int8 version:int16 opaque:int32 flag:int32, in three writes.
        out.writeInt((code & 0xFFFF) << 16 | (LanguageCode.JAVA & 0xFF) << 8 | VERSION >>> 8);
        out.writeByte(VERSION);
        out.writeLong((long) opaque << 32 | flag & 0xFFFFFFFFL);
        int extLengthIndex;
        if (remark == null) {
            out.writeLong(0); // remark length 0, ext length patched below
            extLengthIndex = out.writerIndex() - 4;
        } else {
            Utf8.writeWithIntLength(out, remark);
            extLengthIndex = out.writerIndex();
            out.writeInt(0);
        }
        if (header != null) {
            header.encode(out, BinaryExtFieldWriter.INSTANCE);
        }
        out.setInt(extLengthIndex, out.writerIndex() - extLengthIndex - 4);
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    private static long asciiLong(String eightChars) {
        long packed = 0;
        for (int i = 0; i < Long.BYTES; i++) {
            packed = packed << Byte.SIZE | eightChars.charAt(i);
        }
        return packed;
    }
}
