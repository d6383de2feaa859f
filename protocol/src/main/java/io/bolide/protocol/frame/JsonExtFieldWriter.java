package io.bolide.protocol.frame;

import io.netty.buffer.ByteBuf;

/**
 * Ext-field entries of the JSON header, every value a JSON string as the Java reference writes
 * them. Whether a comma is due is read from the byte before the writer index, which keeps the
 * writer stateless.
 */
final class JsonExtFieldWriter implements ExtFieldWriter {
    static final JsonExtFieldWriter INSTANCE = new JsonExtFieldWriter();

    private JsonExtFieldWriter() {}

    private static void writeKey(ByteBuf out, byte[] key) {
        out.ensureWritable(key.length + 5);
        if (out.getByte(out.writerIndex() - 1) != '{') {
            out.writeByte(',');
        }
        out.writeByte('"');
        out.writeBytes(key);
        out.writeByte('"');
        out.writeByte(':');
    }

    @Override
    public void putString(ByteBuf out, byte[] key, String value) {
        if (value == null) {
            return;
        }
        writeKey(out, key);
        JsonWriting.writeString(out, value);
    }

    @Override
    public void putLong(ByteBuf out, byte[] key, long value) {
        writeKey(out, key);
        out.writeByte('"');
        Ascii.writeDecimal(out, value);
        out.writeByte('"');
    }

    @Override
    public void putBoolean(ByteBuf out, byte[] key, boolean value) {
        writeKey(out, key);
        JsonWriting.writeAscii(out, value ? "\"true\"" : "\"false\"");
    }
}
