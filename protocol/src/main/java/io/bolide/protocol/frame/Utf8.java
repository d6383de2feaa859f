package io.bolide.protocol.frame;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import java.nio.charset.StandardCharsets;

/**
 * Strict UTF-8 decoding of wire strings. The JDK decoders replace malformed input silently; the
 * protocol must reject it instead (a typed error), so validation is done here, and only the
 * non-ASCII case pays for it.
 */
final class Utf8 {
    /** Smallest code point that needs 1 + index continuation bytes (anything less is overlong). */
    private static final int[] MIN_CODE_POINT = {0, 0x80, 0x800, 0x10000};

    private Utf8() {}

    /**
     * Decodes {@code [from, from + length)} as UTF-8.
     *
     * @throws ProtocolDecodeException on malformed or overlong sequences and encoded surrogates
     */
    static String decode(ByteBuf buf, int from, int length) {
        if (length == 0) {
            return "";
        }
        int firstNonAscii = firstNonAscii(buf, from, length);
        if (firstNonAscii >= 0) {
            validate(buf, firstNonAscii, from + length);
            return buf.toString(from, length, StandardCharsets.UTF_8);
        }
        return buf.toString(from, length, StandardCharsets.US_ASCII);
    }

    /** Index of the first byte with the high bit set, or -1. */
    static int firstNonAscii(ByteBuf buf, int from, int length) {
        return buf.forEachByte(from, length, b -> b >= 0);
    }

    /** Checks that {@code [from, to)} is well-formed UTF-8. */
    static void validate(ByteBuf buf, int from, int to) {
        int i = from;
        while (i < to) {
            int b = buf.getByte(i) & 0xFF;
            if (b < 0x80) {
                i++;
                continue;
            }
            int extra = b >= 0xF0 ? 3 : b >= 0xE0 ? 2 : 1;
            if (b < 0xC2 || b > 0xF4 || i + extra >= to) {
                throw invalid(i);
            }
            int codePoint = b & (0x3F >> extra);
            for (int k = 1; k <= extra; k++) {
                int c = buf.getByte(i + k) & 0xFF;
                if ((c & 0xC0) != 0x80) {
                    throw invalid(i);
                }
                codePoint = (codePoint << 6) | (c & 0x3F);
            }
            if (codePoint < MIN_CODE_POINT[extra]
                    || codePoint > 0x10FFFF
                    || (codePoint >= 0xD800 && codePoint <= 0xDFFF)) {
                throw invalid(i);
            }
            i += extra + 1;
        }
    }

    private static ProtocolDecodeException invalid(int index) {
        return new ProtocolDecodeException("invalid UTF-8 at byte " + index);
    }

    /** A short, never-failing rendering of raw bytes for error messages. */
    static String lenientPreview(ByteBuf buf, int from, int length) {
        return buf.toString(from, length, StandardCharsets.UTF_8).replaceAll("\\p{Cntrl}", "?");
    }

    /**
     * Writes {@code value} as UTF-8 preceded by its byte length as an int32, in one pass (the
     * length is patched afterwards).
     */
    static void writeWithIntLength(ByteBuf out, String value) {
        int lengthIndex = out.writerIndex();
        out.writeInt(0);
        int written = ByteBufUtil.writeUtf8(out, value);
        out.setInt(lengthIndex, written);
    }
}
