package io.bolide.protocol.message;

import io.netty.buffer.ByteBuf;

/** Upper-case hex digits written straight into arrays, as the reference renders ids. */
final class Hex {
    private static final char[] DIGITS = "0123456789ABCDEF".toCharArray();

    private Hex() {}

    /** Writes the {@code bytes} lowest bytes of {@code value}, most significant first. */
    static int write(long value, int bytes, char[] dst, int at) {
        for (int shift = (bytes - 1) * 8; shift >= 0; shift -= 8) {
            int b = (int) (value >>> shift);
            dst[at++] = DIGITS[(b >> 4) & 0xF];
            dst[at++] = DIGITS[b & 0xF];
        }
        return at;
    }

    /** As {@link #write(long, int, char[], int)}, as ASCII bytes. */
    static int write(long value, int bytes, byte[] dst, int at) {
        for (int shift = (bytes - 1) * 8; shift >= 0; shift -= 8) {
            int b = (int) (value >>> shift);
            dst[at++] = (byte) DIGITS[(b >> 4) & 0xF];
            dst[at++] = (byte) DIGITS[b & 0xF];
        }
        return at;
    }

    /** As {@link #write(long, int, char[], int)}, as ASCII bytes set at {@code at}. */
    static int set(long value, int bytes, ByteBuf dst, int at) {
        for (int shift = (bytes - 1) * 8; shift >= 0; shift -= 8) {
            int b = (int) (value >>> shift);
            dst.setByte(at++, DIGITS[(b >> 4) & 0xF]);
            dst.setByte(at++, DIGITS[b & 0xF]);
        }
        return at;
    }

    /** Writes {@code length} bytes of {@code src} from {@code from}. */
    static int write(byte[] src, int from, int length, char[] dst, int at) {
        for (int i = from; i < from + length; i++) {
            dst[at++] = DIGITS[(src[i] >> 4) & 0xF];
            dst[at++] = DIGITS[src[i] & 0xF];
        }
        return at;
    }

    /** Writes {@code length} bytes of {@code src} from index {@code from}. */
    static int write(ByteBuf src, int from, int length, char[] dst, int at) {
        for (int i = from; i < from + length; i++) {
            byte b = src.getByte(i);
            dst[at++] = DIGITS[(b >> 4) & 0xF];
            dst[at++] = DIGITS[b & 0xF];
        }
        return at;
    }

    /** Copies {@code length} chars (all ASCII) of {@code src} into {@code dst} as bytes. */
    static void copyAscii(char[] src, int length, byte[] dst, int at) {
        for (int i = 0; i < length; i++) {
            dst[at + i] = (byte) src[i];
        }
    }

    /** The value of hex digit {@code c} (either case), or -1. */
    static int value(char c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        if (c >= 'A' && c <= 'F') {
            return c - 'A' + 10;
        }
        if (c >= 'a' && c <= 'f') {
            return c - 'a' + 10;
        }
        return -1;
    }

    /** Parses {@code 2 * bytes} hex digits of {@code text} from {@code at}, or throws. */
    static long parse(CharSequence text, int at, int bytes) {
        long value = 0;
        for (int i = at; i < at + 2 * bytes; i++) {
            int digit = value(text.charAt(i));
            if (digit < 0) {
                throw new IllegalArgumentException("not a hex digit at " + i);
            }
            value = (value << 4) | digit;
        }
        return value;
    }
}
