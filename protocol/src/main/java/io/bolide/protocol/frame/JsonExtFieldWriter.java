package io.bolide.protocol.frame;

import io.netty.buffer.ByteBuf;

/**
 * Ext-field entries of the JSON header, every value a JSON string as the Java reference writes
 * them. Whether a comma is due is read from the byte before the writer index, which keeps the
 * writer stateless.
 */
final class JsonExtFieldWriter implements ExtFieldWriter {
    static final JsonExtFieldWriter INSTANCE = new JsonExtFieldWriter();

    private static final int TRUE = 't' << 24 | 'r' << 16 | 'u' << 8 | 'e';
    private static final int FALS = 'f' << 24 | 'a' << 16 | 'l' << 8 | 's';
    private static final int E_QUOTE = 'e' << 8 | '"';

    private JsonExtFieldWriter() {}

    /**
     * Writes the separator, the quoted key and the colon, and (if {@code openQuote}) the opening
     * quote of a string value. Single-letter keys, the send request's, take one four-byte write.
     */
    private static void writeKey(ByteBuf out, byte[] key, boolean openQuote) {
        out.ensureWritable(key.length + 6);
        if (out.getByte(out.writerIndex() - 1) != '{') {
            out.writeByte(',');
        }
        if (key.length == 1) {
            out.writeInt('"' << 24 | (key[0] & 0xFF) << 16 | '"' << 8 | ':');
        } else {
            out.writeByte('"');
            out.writeBytes(key);
            out.writeShort('"' << 8 | ':');
        }
        if (openQuote) {
            out.writeByte('"');
        }
    }

    @Override
    public void putString(ByteBuf out, byte[] key, String value) {
        if (value == null) {
            return;
        }
        writeKey(out, key, false);
        JsonWriting.writeString(out, value);
    }

    @Override
    public void putLong(ByteBuf out, byte[] key, long value) {
        writeKey(out, key, true);
        Ascii.writeDecimal(out, value);
        out.writeByte('"');
    }

    @Override
    public void putBoolean(ByteBuf out, byte[] key, boolean value) {
        writeKey(out, key, true);
        if (value) {
            out.writeInt(TRUE);
            out.writeByte('"');
        } else {
            out.writeInt(FALS);
            out.writeShort(E_QUOTE);
        }
    }
}
