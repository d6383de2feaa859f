package io.bolide.protocol.frame;

import io.netty.buffer.ByteBuf;

/**
 * Decimal numbers written into and read from buffers as ASCII digits in place. Hand-written because
 * the hot-path rules forbid {@code String.valueOf} then copy (docs/architecture.md rule 3).
 */
final class Ascii {
    /** Digits that always fit a long, whatever they are. */
    private static final int SAFE_DIGITS = 18;

    private static final long EIGHT_DIGITS = 100_000_000L;

    private static final long[] POWERS_OF_TEN = powersOfTen();

    private Ascii() {}

    /** Number of characters of {@code value} in decimal, sign included. */
    static int decimalLength(long value) {
        if (value < 0) {
            return value == Long.MIN_VALUE ? 20 : 1 + positiveLength(-value);
        }
        return positiveLength(value);
    }

    private static int positiveLength(long value) {
        if (value < 10) {
            return 1;
        }
        // log10 from the bit length (1233 / 4096 ~ log10(2)), corrected by one table compare.
        int guess = (Long.SIZE - Long.numberOfLeadingZeros(value)) * 1233 >>> 12;
        return guess + (value >= POWERS_OF_TEN[guess] ? 1 : 0);
    }

    private static long[] powersOfTen() {
        long[] powers = new long[19];
        powers[0] = 1;
        for (int i = 1; i < powers.length; i++) {
            powers[i] = powers[i - 1] * 10;
        }
        return powers;
    }

    /** Writes {@code value} in decimal at the writer index. */
    static void writeDecimal(ByteBuf out, long value) {
        if (value >= 0 && value < 10) {
            out.writeByte((int) ('0' + value));
            return;
        }
        writeDecimal(out, value, decimalLength(value));
    }

    /** {@link #writeDecimal(ByteBuf, long)} when the caller knows the {@link #decimalLength}. */
    static void writeDecimal(ByteBuf out, long value, int length) {
        out.ensureWritable(length);
        int start = out.writerIndex();
        int index = start + length;
        int firstDigit = start;
        if (value < 0) {
            out.setByte(firstDigit++, '-');
            if (value == Long.MIN_VALUE) {
                // -(MIN_VALUE) overflows: emit the last digit first, continue with the rest.
                out.setByte(--index, '8');
                value = -(value / 10);
            } else {
                value = -value;
            }
        }
        // Digits are packed eight to a long in registers and stored with a few wide writes,
        // rather than one bounds-checked setByte per digit.
        while (value >= EIGHT_DIGITS) {
            index -= Long.BYTES;
            out.setLong(index, packDigits(value % EIGHT_DIGITS, Long.BYTES));
            value /= EIGHT_DIGITS;
        }
        int digits = index - firstDigit;
        setLowBytes(out, firstDigit, packDigits(value, digits), digits);
        out.writerIndex(start + length);
    }

    /** The {@code count} last decimal digits of {@code value} as ASCII, big-endian in a long. */
    private static long packDigits(long value, int count) {
        long packed = 0;
        for (int shift = 0; shift < count * Byte.SIZE; shift += Byte.SIZE) {
            packed |= ('0' + value % 10) << shift;
            value /= 10;
        }
        return packed;
    }

    /** Stores the {@code count} (1 to 8) low bytes of {@code packed}, big-endian, at index. */
    private static void setLowBytes(ByteBuf out, int index, long packed, int count) {
        if (count == Long.BYTES) {
            out.setLong(index, packed);
            return;
        }
        if (count >= Integer.BYTES) {
            count -= Integer.BYTES;
            out.setInt(index, (int) (packed >>> (count * Byte.SIZE)));
            index += Integer.BYTES;
        }
        if (count >= Short.BYTES) {
            count -= Short.BYTES;
            out.setShort(index, (int) (packed >>> (count * Byte.SIZE)));
            index += Short.BYTES;
        }
        if (count == 1) {
            out.setByte(index, (int) packed);
        }
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
        if (to - i > SAFE_DIGITS) {
            return parseLongDigits(h, from, i, to, negative ? min : -max, negative);
        }
        // Up to 18 digits cannot overflow a long: range is checked once, after the loop.
        long result = 0;
        for (; i < to; i++) {
            int digit = h[i] - '0';
            if (digit < 0 || digit > 9) {
                throw notANumber(h, from, to);
            }
            result = result * 10 + digit;
        }
        long value = negative ? -result : result;
        if (value < min || value > max) {
            throw notANumber(h, from, to);
        }
        return value;
    }

    /**
     * The general case of {@link #parseLong}: digits from {@code i}, overflow checked per digit.
     */
    private static long parseLongDigits(
            byte[] h, int from, int i, int to, long limit, boolean negative) {
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
