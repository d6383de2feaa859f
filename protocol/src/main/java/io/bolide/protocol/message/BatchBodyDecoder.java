package io.bolide.protocol.message;

import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.util.Map;

/**
 * Walks the body of a SEND_BATCH_MESSAGE request, one entry per message:
 *
 * <pre>
 *  TOTALSIZE:int32 | MAGICCODE:int32 (0) | BODYCRC:int32 (0) | FLAG:int32
 *  | BODYLENGTH:int32 | BODY | PROPERTIESLENGTH:int16 | PROPERTIES
 * </pre>
 *
 * The cursor is the per-message view: after {@link #next()} its accessors describe the current
 * entry, with body and properties as slices (not retained). Nothing is allocated per entry.
 * MAGICCODE and BODYCRC are ignored as by the reference broker; TOTALSIZE must match the entry.
 */
public final class BatchBodyDecoder {
    /** Bytes of an entry besides its body and properties. */
    public static final int ENTRY_OVERHEAD = 4 + 4 + 4 + 4 + 4 + 2;

    private ByteBuf buf;
    private int position;
    private int limit;
    private int entryIndex;
    private int flag;
    private int bodyIndex;
    private int bodyLength;
    private int propertiesIndex;
    private int propertiesLength;

    /** Starts a walk over the readable bytes of {@code body}. */
    public BatchBodyDecoder reset(ByteBuf body) {
        this.buf = body;
        this.position = body.readerIndex();
        this.limit = body.writerIndex();
        this.entryIndex = -1;
        return this;
    }

    /**
     * Moves to the next entry.
     *
     * @return false at the end of the body
     * @throws ProtocolDecodeException if the entry is truncated or its lengths are inconsistent
     */
    public boolean next() {
        if (position >= limit) {
            return false;
        }
        int available = limit - position;
        if (available < ENTRY_OVERHEAD) {
            throw new ProtocolDecodeException("truncated batch entry at " + position);
        }
        int totalSize = buf.getInt(position);
        flag = buf.getInt(position + 12);
        bodyLength = buf.getInt(position + 16);
        if (bodyLength < 0 || bodyLength > available - ENTRY_OVERHEAD) {
            throw new ProtocolDecodeException("batch entry body length " + bodyLength + " bad");
        }
        bodyIndex = position + 20;
        propertiesLength = buf.getShort(bodyIndex + bodyLength);
        if (propertiesLength < 0
                || propertiesLength > available - ENTRY_OVERHEAD - bodyLength
                || totalSize != ENTRY_OVERHEAD + bodyLength + propertiesLength) {
            throw new ProtocolDecodeException("batch entry lengths disagree at " + position);
        }
        propertiesIndex = bodyIndex + bodyLength + 2;
        position += totalSize;
        entryIndex++;
        return true;
    }

    /** Index of the current entry, from 0. */
    public int entryIndex() {
        return entryIndex;
    }

    /** FLAG of the current message. */
    public int flag() {
        return flag;
    }

    /** Index of the body bytes in the batch buffer. */
    public int bodyIndex() {
        return bodyIndex;
    }

    /** BODYLENGTH of the current message. */
    public int bodyLength() {
        return bodyLength;
    }

    /** The current body: a slice, not retained. */
    public ByteBuf body() {
        return buf.slice(bodyIndex, bodyLength);
    }

    /** Index of the properties bytes in the batch buffer. */
    public int propertiesIndex() {
        return propertiesIndex;
    }

    /** PROPERTIESLENGTH of the current message. */
    public int propertiesLength() {
        return propertiesLength;
    }

    /** The current properties bytes: a slice, not retained. */
    public ByteBuf properties() {
        return buf.slice(propertiesIndex, propertiesLength);
    }

    /** The value of property {@code name} of the current message, or null. */
    public String property(byte[] name) {
        return MessageProperties.value(buf, propertiesIndex, propertiesLength, name);
    }

    /** The current message's properties as a map. */
    public Map<String, String> propertyMap() {
        return MessageProperties.decode(buf, propertiesIndex, propertiesLength);
    }

    /** The consume-queue tag hash of the current message. */
    public long tagsCode() {
        return TagsCode.of(buf, propertiesIndex, propertiesLength);
    }
}
