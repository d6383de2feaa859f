package io.bolide.protocol.message;

import io.netty.buffer.ByteBuf;

/**
 * Appends SEND_BATCH_MESSAGE body entries (layout in {@link BatchBodyDecoder}) straight into the
 * request body buffer, as the reference producer lays them out: MAGICCODE and BODYCRC are 0.
 */
public final class BatchBodyEncoder {
    private BatchBodyEncoder() {}

    /**
     * Appends one entry at the writer index.
     *
     * @param body the readable bytes are the message body (not consumed)
     * @param properties the message's properties string ({@link MessageProperties} format)
     * @return the entry's length
     * @throws IllegalArgumentException if the properties exceed 32767 bytes
     */
    public static int encode(ByteBuf out, int flag, ByteBuf body, CharSequence properties) {
        int propertiesLength = properties == null ? 0 : MessageText.utf8Length(properties);
        if (propertiesLength > MessageDescriptor.MAX_PROPERTIES_LENGTH) {
            throw new IllegalArgumentException("properties longer than 32767 bytes");
        }
        int bodyLength = body.readableBytes();
        int length = BatchBodyDecoder.ENTRY_OVERHEAD + bodyLength + propertiesLength;
        out.ensureWritable(length);
        out.writeInt(length).writeInt(0).writeInt(0).writeInt(flag).writeInt(bodyLength);
        out.writeBytes(body, body.readerIndex(), bodyLength);
        out.writeShort(propertiesLength);
        if (propertiesLength > 0) {
            int at = out.writerIndex();
            out.writerIndex(at + MessageText.set(out, at, properties, propertiesLength));
        }
        return length;
    }
}
