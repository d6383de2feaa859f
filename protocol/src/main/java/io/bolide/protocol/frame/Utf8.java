package io.bolide.protocol.frame;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Strict UTF-8 decoding of wire strings. The JDK decoders replace malformed input silently; the
 * protocol must reject it instead (a typed error), so validation is done here, and only the
 * non-ASCII case pays for it.
 */
final class Utf8 {
    /** Smallest code point that needs 1 + index continuation bytes (anything less is overlong). */
    private static final VarHandle WORDS =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private static final long HIGHS = 0x8080808080808080L;

    private static final int[] MIN_CODE_POINT = {0, 0x80, 0x800, 0x10000};

    private Utf8() {}

    /**
     * Decodes {@code [from, from + length)} of {@code h} as UTF-8.
     *
     * @throws ProtocolDecodeException on malformed or overlong sequences and encoded surrogates
     */
    static String decode(byte[] h, int from, int length) {
        if (length == 0) {
            return "";
        }
        int firstNonAscii = firstNonAscii(h, from, from + length);
        if (firstNonAscii >= 0) {
            validate(h, firstNonAscii, from + length);
            return new String(h, from, length, StandardCharsets.UTF_8);
        }
        // Latin-1 of pure ASCII is the same text, and is the JDK's cheapest decode (a copy).
        return new String(h, from, length, StandardCharsets.ISO_8859_1);
    }

    /** Index of the first byte with the high bit set in {@code [from, to)}, or -1. */
    static int firstNonAscii(byte[] h, int from, int to) {
        int i = from;
        // Eight bytes at a time: any high bit in the word means a non-ASCII byte in it.
        for (; i + Long.BYTES <= to; i += Long.BYTES) {
            if (((long) WORDS.get(h, i) & HIGHS) != 0) {
                break;
            }
        }
        for (; i < to; i++) {
            if (h[i] < 0) {
                return i;
            }
        }
        return -1;
    }

    /** Checks that {@code [from, to)} is well-formed UTF-8. */
    private static void validate(byte[] h, int from, int to) {
        int i = from;
        while (i < to) {
            int b = h[i] & 0xFF;
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
                int c = h[i + k] & 0xFF;
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
    static String lenientPreview(byte[] h, int from, int length) {
        char[] shown = new String(h, from, length, StandardCharsets.UTF_8).toCharArray();
        for (int i = 0; i < shown.length; i++) {
            if (Character.isISOControl(shown[i])) {
                shown[i] = '?';
            }
        }
        return new String(shown);
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
