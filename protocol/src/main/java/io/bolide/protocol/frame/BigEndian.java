package io.bolide.protocol.frame;

/** Network-order integers read from header bytes; the caller has checked the bounds. */
final class BigEndian {
    private BigEndian() {}

    static short getShort(byte[] h, int index) {
        return (short) ((h[index] & 0xFF) << 8 | h[index + 1] & 0xFF);
    }

    static int getInt(byte[] h, int index) {
        return (h[index] & 0xFF) << 24
                | (h[index + 1] & 0xFF) << 16
                | (h[index + 2] & 0xFF) << 8
                | h[index + 3] & 0xFF;
    }
}
