package io.bolide.protocol.frame;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;

/**
 * JSON numbers in the header, read the way the Java reference (fastjson2) reads them. Java clients
 * write plain integers, which the fast paths parse directly; this class serves the other shapes
 * that clients in other languages may write: fractions, exponents, and numbers where text belongs.
 */
final class JsonNumber {
    /** Longer numbers are hostile: BigDecimal parsing of them is quadratic. */
    private static final int MAX_TEXT_LENGTH = 1_000;

    /** An exponent beyond this cannot leave a long both nonzero and in range. */
    private static final long MAX_EXPONENT = 1L << 32;

    private JsonNumber() {}

    /**
     * Checks the strict JSON number grammar at {@code pos}; returns the index after the number.
     *
     * @throws ProtocolDecodeException if no well-formed number starts there
     */
    static int end(byte[] h, int pos, int end) {
        int i = pos;
        if (i < end && h[i] == '-') {
            i++;
        }
        if (i < end && h[i] == '0') {
            i++;
        } else {
            i = digitsEnd(h, i, end, pos);
        }
        if (i < end && h[i] == '.') {
            i = digitsEnd(h, i + 1, end, pos);
        }
        if (i < end && (h[i] == 'e' || h[i] == 'E')) {
            i++;
            if (i < end && (h[i] == '+' || h[i] == '-')) {
                i++;
            }
            i = digitsEnd(h, i, end, pos);
        }
        return i;
    }

    /** End of the run of at least one digit at {@code i}. */
    private static int digitsEnd(byte[] h, int i, int end, int numberStart) {
        int from = i;
        while (i < end && isDigit(h[i])) {
            i++;
        }
        if (i == from) {
            throw new ProtocolDecodeException(
                    "malformed JSON header: bad number at byte " + numberStart);
        }
        return i;
    }

    private static boolean isDigit(byte b) {
        return b >= '0' && b <= '9';
    }

    /**
     * The decimal number in {@code [from, to)} truncated toward zero, as the reference reads a
     * number (or a number in a string) into an int field: {@code 30.7} is 30, {@code 3e1} is 30. A
     * leading {@code +} is allowed, as the reference allows it in strings. Where the reference
     * would wrap or saturate an out-of-range value, this rejects it.
     *
     * @throws ProtocolDecodeException if the text is not a number or its integer part is out of
     *     range
     */
    static long truncated(byte[] h, int from, int to, long min, long max) {
        int i = from;
        boolean negative = i < to && h[i] == '-';
        if (i < to && (h[i] == '-' || h[i] == '+')) {
            i++;
        }
        int intFrom = i;
        while (i < to && isDigit(h[i])) {
            i++;
        }
        int intTo = i;
        int fracTo = intTo;
        if (i < to && h[i] == '.') {
            i++;
            while (i < to && isDigit(h[i])) {
                i++;
            }
            fracTo = i;
        }
        if (intTo == intFrom && fracTo <= intTo + 1) {
            throw notANumber(h, from, to);
        }
        long exponent = 0;
        if (i < to && (h[i] == 'e' || h[i] == 'E')) {
            exponent = exponent(h, i + 1, to, from);
        } else if (i != to) {
            throw notANumber(h, from, to);
        }
        long integerDigits = intTo - intFrom + exponent;
        long limit = negative ? min : -max;
        long result = accumulate(h, intFrom, intTo, fracTo, integerDigits, limit, from, to);
        return negative ? result : -result;
    }

    /**
     * The integer part, negated: the first {@code count} digits of the integer digits followed by
     * the fraction digits (the dot at {@code intTo} skipped), zeros after them if they run out.
     */
    private static long accumulate(
            byte[] h,
            int intFrom,
            int intTo,
            int fracTo,
            long count,
            long limit,
            int from,
            int to) {
        long result = 0;
        int i = intFrom;
        for (long n = 0; n < count; n++) {
            if (i == intTo && intTo < fracTo) {
                i++; // the decimal point
            }
            int digit = i < fracTo ? h[i++] - '0' : 0;
            if (i >= fracTo && digit == 0 && result == 0) {
                return 0; // only zeros are left to append: the value is zero however many
            }
            if (result < (limit + digit) / 10) {
                throw notANumber(h, from, to);
            }
            result = result * 10 - digit;
        }
        return result;
    }

    /** The exponent at {@code i} (sign, digits), clamped to {@link #MAX_EXPONENT} either way. */
    private static long exponent(byte[] h, int i, int to, int from) {
        boolean negative = i < to && h[i] == '-';
        if (i < to && (h[i] == '-' || h[i] == '+')) {
            i++;
        }
        if (i == to) {
            throw notANumber(h, from, to);
        }
        long value = 0;
        for (; i < to; i++) {
            if (!isDigit(h[i])) {
                throw notANumber(h, from, to);
            }
            value = Math.min(value * 10 + h[i] - '0', MAX_EXPONENT);
        }
        return negative ? -value : value;
    }

    private static ProtocolDecodeException notANumber(byte[] h, int from, int to) {
        int shown = Math.min(to - from, 32);
        return new ProtocolDecodeException(
                "not a number in range: '" + Utf8.lenientPreview(h, from, shown) + "'");
    }

    /**
     * The text the reference gives a JSON number read into a string field (a remark, an ext value):
     * integers as written ({@code -0} as {@code 0}); fractions as {@link BigDecimal} prints them; a
     * nonzero exponent through {@code double}. {@code [from, to)} is a number checked by {@link
     * #end}.
     *
     * @throws ProtocolDecodeException if the number is too long to convert safely
     */
    static String text(byte[] h, int from, int to) {
        if (to - from > MAX_TEXT_LENGTH) {
            throw new ProtocolDecodeException(
                    "malformed JSON header: number longer than " + MAX_TEXT_LENGTH + " bytes");
        }
        int mantissaEnd = from;
        boolean fraction = false;
        while (mantissaEnd < to && (h[mantissaEnd] | 0x20) != 'e') {
            fraction |= h[mantissaEnd] == '.';
            mantissaEnd++;
        }
        if (mantissaEnd < to && !zeroExponent(h, mantissaEnd + 1, to)) {
            double value = Double.parseDouble(ascii(h, from, to));
            return Double.toString(value == 0 ? 0.0 : value);
        }
        String mantissa = ascii(h, from, mantissaEnd);
        if (fraction) {
            return new BigDecimal(mantissa).toString();
        }
        return mantissa.equals("-0") ? "0" : mantissa;
    }

    /** Whether the exponent digits (after an optional sign) at {@code i} are all zero. */
    private static boolean zeroExponent(byte[] h, int i, int to) {
        for (; i < to; i++) {
            if (h[i] >= '1' && h[i] <= '9') {
                return false;
            }
        }
        return true;
    }

    private static String ascii(byte[] h, int from, int to) {
        return new String(h, from, to - from, StandardCharsets.ISO_8859_1);
    }
}
