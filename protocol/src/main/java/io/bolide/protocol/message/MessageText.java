package io.bolide.protocol.message;

import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/**
 * Strict UTF-8 handling of the text parts of a stored message (topic, properties). The JDK decoders
 * replace malformed bytes silently; a record from the wire must be rejected instead, and only the
 * non-ASCII case pays for the check.
 */
final class MessageText {
    /** Smallest code point that needs 1 + index continuation bytes (anything less is overlong). */
    private static final int[] MIN_CODE_POINT = {0, 0x80, 0x800, 0x10000};

    private MessageText() {}

    /** Decodes {@code [from, from + length)} as UTF-8, rejecting malformed input. */
    static String decode(ByteBuf buf, int from, int length) {
        if (length == 0) {
            return "";
        }
        int firstNonAscii = firstNonAscii(buf, from, length);
        if (firstNonAscii < 0) {
            return buf.toString(from, length, StandardCharsets.US_ASCII);
        }
        validate(buf, firstNonAscii, from + length);
        return buf.toString(from, length, StandardCharsets.UTF_8);
    }

    /** Index of the first byte with the high bit set, or -1. */
    static int firstNonAscii(ByteBuf buf, int from, int length) {
        return length == 0 ? -1 : buf.forEachByte(from, length, b -> b >= 0);
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

    /**
     * {@code String.hashCode()} of the text that {@code [from, from + length)} decodes to, computed
     * on the bytes: the tag hash of the consume queue without building the tag string.
     */
    static int javaHashCode(ByteBuf buf, int from, int length) {
        int to = from + length;
        int h = 0;
        int i = from;
        while (i < to) {
            int b = buf.getByte(i);
            if (b < 0) {
                validate(buf, i, to);
                return nonAsciiHashCode(buf, i, to, h);
            }
            h = 31 * h + b;
            i++;
        }
        return h;
    }

    /**
     * Continues {@link #javaHashCode} from {@code i} over validated UTF-8, hash so far {@code h}.
     */
    private static int nonAsciiHashCode(ByteBuf buf, int i, int to, int h) {
        while (i < to) {
            int b = buf.getByte(i) & 0xFF;
            int extra = b < 0x80 ? 0 : b >= 0xF0 ? 3 : b >= 0xE0 ? 2 : 1;
            int codePoint = extra == 0 ? b : b & (0x3F >> extra);
            for (int k = 1; k <= extra; k++) {
                codePoint = (codePoint << 6) | (buf.getByte(i + k) & 0x3F);
            }
            if (codePoint >= 0x10000) {
                h = 31 * h + Character.highSurrogate(codePoint);
                h = 31 * h + Character.lowSurrogate(codePoint);
            } else {
                h = 31 * h + codePoint;
            }
            i += extra + 1;
        }
        return h;
    }

    /** UTF-8 length of {@code text} as {@code String.getBytes(UTF_8)} (lone surrogate = '?'). */
    static int utf8Length(CharSequence text) {
        int length = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x80) {
                length++;
            } else if (c < 0x800) {
                length += 2;
            } else if (Character.isHighSurrogate(c)
                    && i + 1 < text.length()
                    && Character.isLowSurrogate(text.charAt(i + 1))) {
                length += 4;
                i++;
            } else {
                length += Character.isSurrogate(c) ? 1 : 3;
            }
        }
        return length;
    }

    /**
     * Sets {@code text} as UTF-8 at {@code index} (indexes unchanged), exactly {@link #utf8Length}
     * bytes; unlike Netty's writer it needs no worst-case headroom.
     */
    static int set(ByteBuf out, int index, CharSequence text, int utf8Length) {
        if (utf8Length == 0) {
            return 0;
        }
        if (utf8Length == text.length()) {
            // One byte per char: ASCII, or lone surrogates that both writers render as '?'.
            return out.setCharSequence(index, text, StandardCharsets.US_ASCII);
        }
        int at = index;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x80) {
                out.setByte(at++, c);
            } else if (c < 0x800) {
                out.setByte(at++, 0xC0 | (c >> 6));
                out.setByte(at++, 0x80 | (c & 0x3F));
            } else if (Character.isHighSurrogate(c)
                    && i + 1 < text.length()
                    && Character.isLowSurrogate(text.charAt(i + 1))) {
                int cp = Character.toCodePoint(c, text.charAt(++i));
                out.setByte(at++, 0xF0 | (cp >> 18));
                out.setByte(at++, 0x80 | ((cp >> 12) & 0x3F));
                out.setByte(at++, 0x80 | ((cp >> 6) & 0x3F));
                out.setByte(at++, 0x80 | (cp & 0x3F));
            } else if (Character.isSurrogate(c)) {
                out.setByte(at++, '?');
            } else {
                out.setByte(at++, 0xE0 | (c >> 12));
                out.setByte(at++, 0x80 | ((c >> 6) & 0x3F));
                out.setByte(at++, 0x80 | (c & 0x3F));
            }
        }
        return at - index;
    }

    private static ProtocolDecodeException invalid(int index) {
        return new ProtocolDecodeException("invalid UTF-8 in message at byte " + index);
    }
}
