package io.bolide.protocol.frame;

import java.nio.charset.StandardCharsets;

/**
 * Reads the value of an int key of the JSON header ({@code code}, {@code flag}, {@code opaque},
 * {@code version}) in any form the reference reads it: a number (a fraction truncated toward zero),
 * a number in a string, {@code true}/{@code false} as 1/0, {@code null} or an empty string as 0.
 * The result packs the index after the value with the value, so nothing is allocated.
 */
final class JsonIntValue {
    private JsonIntValue() {}

    /**
     * Reads the value at {@code pos}.
     *
     * @return the index after the value in the high 32 bits, the value in the low 32 bits
     * @throws ProtocolDecodeException if the value is not a number in the int range
     */
    static long read(byte[] h, int pos, int end) {
        if (pos < end && h[pos] == '"') {
            long scanned = JsonString.scan(h, pos + 1, end);
            int to = (int) scanned;
            int value =
                    (scanned & JsonString.ESCAPED) != 0
                            ? fromEscapedString(JsonString.unescape(h, pos + 1, to))
                            : fromText(h, pos + 1, to);
            return pack(to + 1, value);
        }
        if (pos < end && (h[pos] == '{' || h[pos] == '[')) {
            throw new ProtocolDecodeException(
                    "malformed JSON header: a number belongs at byte " + pos);
        }
        int to = JsonText.bareEnd(h, pos, end);
        if (JsonText.isNumber(h, pos)) {
            return pack(to, toInt(h, pos, to));
        }
        // true, false or null.
        return pack(to, h[pos] == 't' ? 1 : 0);
    }

    /** The index after the value, from a {@link #read} result. */
    static int end(long read) {
        return (int) (read >>> 32);
    }

    /** The value, from a {@link #read} result. */
    static int value(long read) {
        return (int) read;
    }

    private static long pack(int end, int value) {
        return (long) end << 32 | (value & 0xFFFF_FFFFL);
    }

    private static int fromText(byte[] h, int from, int to) {
        if (from == to) {
            return 0;
        }
        if (to - from == 4 && Ascii.regionEquals(h, from, JsonText.TRUE)) {
            return 1;
        }
        if (to - from == 5 && Ascii.regionEquals(h, from, JsonText.FALSE)) {
            return 0;
        }
        return toInt(h, from, to);
    }

    /**
     * A string written with escapes takes another path in the reference, which reads only a plain
     * integer from it (no fraction, exponent or boolean): so does this.
     */
    private static int fromEscapedString(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        return (int) Ascii.parseLong(bytes, 0, bytes.length, Integer.MIN_VALUE, Integer.MAX_VALUE);
    }

    private static int toInt(byte[] h, int from, int to) {
        return (int) JsonNumber.truncated(h, from, to, Integer.MIN_VALUE, Integer.MAX_VALUE);
    }
}
