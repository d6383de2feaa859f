package io.bolide.protocol.frame;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;

/**
 * Ext-field entries of the ROCKETMQ binary header: {@code keyLen:int16 key valueLen:int32 value}.
 */
final class BinaryExtFieldWriter implements ExtFieldWriter {
    static final BinaryExtFieldWriter INSTANCE = new BinaryExtFieldWriter();
    private static final byte[] TRUE = {'t', 'r', 'u', 'e'};
    private static final byte[] FALSE = {'f', 'a', 'l', 's', 'e'};

    private BinaryExtFieldWriter() {}

    private static void writeKey(ByteBuf out, byte[] key) {
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
        out.writeInt(Ascii.decimalLength(value));
        Ascii.writeDecimal(out, value);
    }

    @Override
    public void putBoolean(ByteBuf out, byte[] key, boolean value) {
        writeKey(out, key);
        byte[] text = value ? TRUE : FALSE;
        out.writeInt(text.length);
        out.writeBytes(text);
    }
}
