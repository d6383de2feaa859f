package io.bolide.protocol.frame;

import io.netty.buffer.ByteBuf;

/**
 * Decimal numbers written into and read from buffers as ASCII digits in place. Hand-written because
 * the hot-path rules forbid {@code String.valueOf} then copy (DESIGN.md rule 3).
 */
final class Ascii {
    private Ascii() {}

    /** Number of characters of {@code value} in decimal, sign included. */
    static int decimalLength(long value) {
        if (value < 0) {
            return value == Long.MIN_VALUE ? 20 : 1 + positiveLength(-value);
        }
        return positiveLength(value);
    }

    private static int positiveLength(long value) {
        long limit = 10;
        for (int digits = 1; digits < 19; digits++) {
            if (value < limit) {
                return digits;
            }
            limit *= 10;
        }
        return 19;
    }

    /** Writes {@code value} in decimal at the writer index. */
    static void writeDecimal(ByteBuf out, long value) {
        int length = decimalLength(value);
        out.ensureWritable(length);
        int start = out.writerIndex();
        int index = start + length;
        if (value < 0) {
            out.setByte(start, '-');
            if (value == Long.MIN_VALUE) {
                // -(MIN_VALUE) overflows: emit the last digit first, continue with the rest.
                out.setByte(--index, '8');
                value = -(value / 10);
            } else {
                value = -value;
            }
        }
        do {
            out.setByte(--index, (int) ('0' + value % 10));
            value /= 10;
        } while (value != 0);
        out.writerIndex(start + length);
    }

    /**
     * Parses the decimal number in {@code [from, to)}, optional sign first, as Java's {@code
     * Long.parseLong} does.
     *
     * @throws ProtocolDecodeException if the text is empty, not a number or out of range
     */
    static long parseLong(byte[] h, int from, int to, long min, long max) {
        if (from >= to) {
            throw new ProtocolDecodeException("empty text where a number belongs");
        }
        boolean negative = false;
        int i = from;
        byte first = h[i];
        if (first == '-' || first == '+') {
            negative = first == '-';
            if (++i == to) {
                throw notANumber(h, from, to);
            }
        }
        long limit = negative ? min : -max;
        long result = 0;
        for (; i < to; i++) {
            int digit = h[i] - '0';
            if (digit < 0 || digit > 9) {
                throw notANumber(h, from, to);
            }
            // Accumulate negatively so that MIN_VALUE parses (as Long.parseLong does).
            if (result < (limit + digit) / 10) {
                throw notANumber(h, from, to);
            }
            result = result * 10 - digit;
        }
        return negative ? result : -result;
    }

    private static ProtocolDecodeException notANumber(byte[] h, int from, int to) {
        int shown = Math.min(to - from, 32);
        return new ProtocolDecodeException(
                "not a number in range: '" + Utf8.lenientPreview(h, from, shown) + "'");
    }

    /**
     * Whether the bytes at {@code index} of {@code h} equal {@code ascii}; the caller checked the
     * length.
     */
    static boolean regionEquals(byte[] h, int index, byte[] ascii) {
        for (int i = 0; i < ascii.length; i++) {
            if (h[index + i] != ascii[i]) {
                return false;
            }
        }
        return true;
    }
}
