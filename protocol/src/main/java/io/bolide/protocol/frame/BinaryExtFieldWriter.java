package io.bolide.protocol.frame;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;

/**
 * Ext-field entries of the ROCKETMQ binary header: {@code keyLen:int16 key valueLen:int32 value}.
 */
final class BinaryExtFieldWriter implements ExtFieldWriter {
    static final BinaryExtFieldWriter INSTANCE = new BinaryExtFieldWriter();
    private static final long LENGTH_AND_TRUE = 4L << 32 | 't' << 24 | 'r' << 16 | 'u' << 8 | 'e';
    private static final long LENGTH_AND_FALS = 5L << 32 | 'f' << 24 | 'a' << 16 | 'l' << 8 | 's';

    private BinaryExtFieldWriter() {}

    private static void writeKey(ByteBuf out, byte[] key) {
        if (key.length == 1) {
            // The single-letter send keys: length word and letter in one write.
            out.writeMedium(1 << Byte.SIZE | key[0] & 0xFF);
            return;
        }
        out.writeShort(key.length);
        out.writeBytes(key);
    }

    @Override
    public void putString(ByteBuf out, byte[] key, String value) {
        if (value == null) {
            return;
        }
        writeKey(out, key);
        int lengthIndex = out.writerIndex();
        out.writeInt(0);
        out.setInt(lengthIndex, ByteBufUtil.writeUtf8(out, value));
    }

    @Override
    public void putLong(ByteBuf out, byte[] key, long value) {
        writeKey(out, key);
        int length = Ascii.decimalLength(value);
        out.writeInt(length);
        Ascii.writeDecimal(out, value, length);
    }

    @Override
    public void putBoolean(ByteBuf out, byte[] key, boolean value) {
        writeKey(out, key);
        // Length word and text as wide writes: {@code 0,0,0,4,t,r,u,e} is exactly one long.
        if (value) {
            out.writeLong(LENGTH_AND_TRUE);
        } else {
            out.writeLong(LENGTH_AND_FALS);
            out.writeByte('e');
        }
    }
}
