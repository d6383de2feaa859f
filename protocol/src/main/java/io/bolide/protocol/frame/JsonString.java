package io.bolide.protocol.frame;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Finds the end of a JSON string and unescapes it. Header strings are long (a send's properties run
 * to hundreds of bytes, written by fastjson with {@code \u0001} escapes) and are scanned for every
 * frame, so the scan tests eight bytes at a time for a quote or a backslash, and unescaping writes
 * straight into one {@code char[]} instead of building intermediate strings.
 */
final class JsonString {
    /** Eight header bytes as one little-endian long: byte {@code i} is bits {@code 8i..8i+7}. */
    private static final VarHandle WORDS =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private static final long ONES = 0x0101010101010101L;
    private static final long HIGHS = 0x8080808080808080L;
    private static final long QUOTES = ONES * '"';
    private static final long BACKSLASHES = ONES * '\\';

    /** Bit set in a {@link #scan} result when the string holds at least one escape. */
    static final long ESCAPED = 1L << 32;

    private JsonString() {}

    /**
     * Given {@code pos} just after an opening quote, finds the closing quote. Returns its index in
     * the low 32 bits, with {@link #ESCAPED} set if a backslash escape was passed on the way.
     */
    static long scan(byte[] h, int pos, int end) {
        long escaped = 0;
        while (true) {
            int special = nextSpecial(h, pos, end);
            if (special < 0) {
                throw new ProtocolDecodeException("malformed JSON header: unterminated string");
            }
            if (h[special] == '"') {
                return escaped | special;
            }
            escaped = ESCAPED;
            pos = special + 2; // the escaped character is never the closing quote
        }
    }

    /** Index of the first quote or backslash in {@code [pos, end)}, or -1. */
    private static int nextSpecial(byte[] h, int pos, int end) {
        for (; pos + Long.BYTES <= end; pos += Long.BYTES) {
            long word = (long) WORDS.get(h, pos);
            long found = zeroBytes(word ^ QUOTES) | zeroBytes(word ^ BACKSLASHES);
            if (found != 0) {
                // Only bits above the lowest true match can be false positives (borrows).
                return pos + (Long.numberOfTrailingZeros(found) >>> 3);
            }
        }
        for (; pos < end; pos++) {
            if (h[pos] == '"' || h[pos] == '\\') {
                return pos;
            }
        }
        return -1;
    }

    /** The high bit of each byte of {@code word} that is zero (exact up to the lowest one). */
    private static long zeroBytes(long word) {
        return (word - ONES) & ~word & HIGHS;
    }

    /** Unescapes the content {@code [from, to)} of a string known to hold escapes. */
    static String unescape(byte[] h, int from, int to) {
        // Unescaped text never has more chars than the escaped bytes it came from. Header text
        // is nearly always Latin-1 after unescaping, which a byte array holds at half the size.
        byte[] latin = new byte[to - from];
        int n = 0;
        int i = from;
        while (i < to) {
            byte b = h[i];
            int c;
            if (b == '\\') {
                c = escapedChar(h, i, to);
                i += h[i + 1] == 'u' ? 6 : 2;
            } else if (b >= 0) {
                c = b;
                i++;
            } else {
                return unescapeWide(h, from, to, latin, n, i);
            }
            if (c > 0xFF) {
                return unescapeWide(h, from, to, latin, n, i - 6);
            }
            latin[n++] = (byte) c;
        }
        return new String(latin, 0, n, StandardCharsets.ISO_8859_1);
    }

    /**
     * Unescapes {@code h[from, to)} straight into {@code dst} at {@code offset} as UTF-8, without a
     * string: raw bytes are copied (they are UTF-8 already), escapes are encoded. Returns the
     * length; -1 when {@code dst} has no room; -2 for an escaped surrogate, which the caller
     * decodes the slow way (its pair spans two escapes).
     */
    static int unescapeUtf8(byte[] h, int from, int to, byte[] dst, int offset) {
        if (to - from > dst.length - offset) {
            return -1; // the unescaped form is never longer than the escaped one
        }
        int n = offset;
        int i = from;
        while (i < to) {
            byte b = h[i];
            if (b != '\\') {
                dst[n++] = b;
                i++;
                continue;
            }
            int c = escapedChar(h, i, to);
            i += h[i + 1] == 'u' ? 6 : 2;
            if (c < 0x80) {
                dst[n++] = (byte) c;
            } else if (c < 0x800) {
                dst[n++] = (byte) (0xC0 | c >> 6);
                dst[n++] = (byte) (0x80 | c & 0x3F);
            } else if (c >= 0xD800 && c <= 0xDFFF) {
                return -2;
            } else {
                dst[n++] = (byte) (0xE0 | c >> 12);
                dst[n++] = (byte) (0x80 | c >> 6 & 0x3F);
                dst[n++] = (byte) (0x80 | c & 0x3F);
            }
        }
        return n - offset;
    }

    /**
     * Continues {@link #unescape} from {@code i} in a char array, for text beyond Latin-1; the
     * {@code n} chars done so far are in {@code latin}.
     */
    private static String unescapeWide(byte[] h, int from, int to, byte[] latin, int n, int i) {
        char[] out = new char[to - from];
        for (int k = 0; k < n; k++) {
            out[k] = (char) (latin[k] & 0xFF);
        }
        while (i < to) {
            byte b = h[i];
            if (b == '\\') {
                out[n++] = (char) escapedChar(h, i, to);
                i += h[i + 1] == 'u' ? 6 : 2;
            } else if (b >= 0) {
                out[n++] = (char) b;
                i++;
            } else {
                int runEnd = nextBackslash(h, i, to);
                String run = Utf8.decode(h, i, runEnd - i);
                run.getChars(0, run.length(), out, n);
                n += run.length();
                i = runEnd;
            }
        }
        return new String(out, 0, n);
    }

    /** The char of the escape whose backslash is at {@code i}. */
    private static int escapedChar(byte[] h, int i, int to) {
        if (i + 1 >= to) {
            throw new ProtocolDecodeException("malformed JSON header: dangling escape");
        }
        if (h[i + 1] != 'u') {
            return simpleEscape(h[i + 1]);
        }
        if (i + 6 > to) {
            throw new ProtocolDecodeException("malformed JSON header: short \\u escape");
        }
        return hex4(h, i + 2);
    }

    private static int nextBackslash(byte[] h, int from, int to) {
        for (int i = from; i < to; i++) {
            if (h[i] == '\\') {
                return i;
            }
        }
        return to;
    }

    private static char simpleEscape(byte letter) {
        switch (letter) {
            case '"':
            case '\\':
            case '/':
                return (char) letter;
            case 'b':
                return '\b';
            case 'f':
                return '\f';
            case 'n':
                return '\n';
            case 'r':
                return '\r';
            case 't':
                return '\t';
            default:
                throw new ProtocolDecodeException(
                        "malformed JSON header: unknown escape \\" + (char) (letter & 0x7F));
        }
    }

    private static int hex4(byte[] h, int pos) {
        int value = 0;
        for (int i = 0; i < 4; i++) {
            int digit = Character.digit(h[pos + i], 16);
            if (digit < 0) {
                throw new ProtocolDecodeException("malformed JSON header: bad \\u escape");
            }
            value = value << 4 | digit;
        }
        return value;
    }
}
