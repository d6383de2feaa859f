package io.bolide.store;

import io.bolide.protocol.message.MessageDescriptor;
import java.nio.ByteBuffer;
import java.util.zip.CRC32;

/**
 * Reads and patches RocketMQ's stored message record (docs/protocol/message-format.md §1) in place,
 * by absolute position, in a mapped big-endian {@link ByteBuffer}. The layout itself comes from the
 * protocol module's {@link MessageDescriptor}; this class only adapts it to the store's mapped
 * buffers.
 *
 * <pre>
 *  0 TOTALSIZE:int32 | 4 MAGICCODE:int32 | 8 BODYCRC:int32 | 12 QUEUEID:int32 | 16 FLAG:int32
 *  20 QUEUEOFFSET:int64 | 28 PHYSICALOFFSET:int64 | 36 SYSFLAG:int32 | 40 BORNTIMESTAMP:int64
 *  48 BORNHOST:8|20 | STORETIMESTAMP:int64 | STOREHOST:8|20 | RECONSUMETIMES:int32
 *  | PREPAREDTRANSACTIONOFFSET:int64 | BODYLENGTH:int32 | BODY | TOPICLENGTH:int8 (V1) or int16 (V2)
 *  | TOPIC | PROPERTIESLENGTH:int16 | PROPERTIES
 * </pre>
 */
final class StoredRecordFlyweight {
    static final int MAGIC_V1 = MessageDescriptor.MAGIC_V1;
    static final int MAGIC_V2 = MessageDescriptor.MAGIC_V2;
    static final int BLANK_MAGIC = MessageDescriptor.BLANK_MAGIC;
    static final int BLANK_SIZE = MessageDescriptor.END_FILE_MIN_BLANK_LENGTH;

    static final int TOTAL_SIZE_OFFSET = MessageDescriptor.TOTAL_SIZE_OFFSET;
    static final int MAGIC_OFFSET = MessageDescriptor.MAGIC_CODE_OFFSET;
    static final int BODY_CRC_OFFSET = MessageDescriptor.BODY_CRC_OFFSET;
    static final int QUEUE_ID_OFFSET = MessageDescriptor.QUEUE_ID_OFFSET;
    static final int QUEUE_OFFSET_OFFSET = MessageDescriptor.QUEUE_OFFSET_OFFSET;
    static final int PHYSICAL_OFFSET_OFFSET = MessageDescriptor.PHYSICAL_OFFSET_OFFSET;
    static final int SYS_FLAG_OFFSET = MessageDescriptor.SYS_FLAG_OFFSET;

    /** Smallest possible record: IPv4 hosts, empty body, 1-byte topic length, empty topic. */
    static final int MIN_SIZE = MessageDescriptor.MIN_RECORD_LENGTH;

    private StoredRecordFlyweight() {}

    static int totalSize(ByteBuffer b, int pos) {
        return b.getInt(pos + TOTAL_SIZE_OFFSET);
    }

    static int magic(ByteBuffer b, int pos) {
        return b.getInt(pos + MAGIC_OFFSET);
    }

    static boolean isRecordMagic(int magic) {
        return MessageDescriptor.isMessageMagic(magic);
    }

    static int queueId(ByteBuffer b, int pos) {
        return b.getInt(pos + QUEUE_ID_OFFSET);
    }

    static long queueOffset(ByteBuffer b, int pos) {
        return b.getLong(pos + QUEUE_OFFSET_OFFSET);
    }

    static long physicalOffset(ByteBuffer b, int pos) {
        return b.getLong(pos + PHYSICAL_OFFSET_OFFSET);
    }

    static int sysFlag(ByteBuffer b, int pos) {
        return b.getInt(pos + SYS_FLAG_OFFSET);
    }

    static int storeTimestampOffset(int sysFlag) {
        return MessageDescriptor.storeTimestampOffset(sysFlag);
    }

    static long storeTimestamp(ByteBuffer b, int pos) {
        return b.getLong(pos + storeTimestampOffset(sysFlag(b, pos)));
    }

    static int bodyLengthOffset(int sysFlag) {
        return MessageDescriptor.bodyLengthOffset(sysFlag);
    }

    static int bodyLength(ByteBuffer b, int pos) {
        return b.getInt(pos + bodyLengthOffset(sysFlag(b, pos)));
    }

    /** Position of the topic-length field. */
    static int topicLengthPos(ByteBuffer b, int pos) {
        int bodyLenPos = pos + bodyLengthOffset(sysFlag(b, pos));
        return bodyLenPos + 4 + b.getInt(bodyLenPos);
    }

    static int topicLengthFieldSize(ByteBuffer b, int pos) {
        return magic(b, pos) == MAGIC_V2 ? 2 : 1;
    }

    /** Writes the store-assigned fields of a record already copied to {@code pos}. */
    static void patch(
            ByteBuffer b, int pos, int queueId, long queueOffset, long physOffset, long storeTs) {
        b.putInt(pos + QUEUE_ID_OFFSET, queueId);
        b.putLong(pos + QUEUE_OFFSET_OFFSET, queueOffset);
        b.putLong(pos + PHYSICAL_OFFSET_OFFSET, physOffset);
        b.putLong(pos + storeTimestampOffset(sysFlag(b, pos)), storeTs);
    }

    /** Whether the (bounds-checked) topic of the record at {@code pos} is {@code topic}. */
    static boolean hasTopic(ByteBuffer b, int pos, String topic) {
        int sizeLimit = pos + totalSize(b, pos);
        int lengthPos = topicLengthPos(b, pos);
        int fieldSize = topicLengthFieldSize(b, pos);
        if (lengthPos < pos || lengthPos + fieldSize > sizeLimit) {
            return false;
        }
        int length = fieldSize == 2 ? b.getShort(lengthPos) & 0xFFFF : b.get(lengthPos);
        int start = lengthPos + fieldSize;
        if (length != topic.length() || start + length > sizeLimit) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            if (b.get(start + i) != (byte) topic.charAt(i) || topic.charAt(i) > 0x7F) {
                return false;
            }
        }
        return true;
    }

    /** Writes the end-of-file blank record at {@code pos}, filling {@code remaining} bytes. */
    static void writeBlank(ByteBuffer b, int pos, int remaining) {
        b.putInt(pos + TOTAL_SIZE_OFFSET, remaining);
        b.putInt(pos + MAGIC_OFFSET, BLANK_MAGIC);
    }

    /**
     * Whether the record of {@code size} bytes at {@code pos} is structurally whole and its body
     * CRC matches: every length field must stay inside the record and add up to its size, and the
     * last byte of its properties (or, without any, of its topic) must not be zero.
     */
    static boolean isWellFormed(ByteBuffer b, int pos, int size, CRC32 crc) {
        if (size < MIN_SIZE || !isRecordMagic(magic(b, pos))) {
            return false;
        }
        int sysFlag = sysFlag(b, pos);
        int bodyLenPos = bodyLengthOffset(sysFlag);
        int bodyLength = b.getInt(pos + bodyLenPos);
        int topicLenPos = bodyLenPos + 4 + bodyLength;
        if (bodyLength < 0 || topicLenPos + 2 > size) {
            return false;
        }
        boolean v2 = magic(b, pos) == MAGIC_V2;
        int topicLength = v2 ? b.getShort(pos + topicLenPos) & 0xFFFF : b.get(pos + topicLenPos);
        int propsLenPos = topicLenPos + (v2 ? 2 : 1) + topicLength;
        if (topicLength < 0 || propsLenPos + 2 > size) {
            return false;
        }
        int propsLength = b.getShort(pos + propsLenPos);
        if (propsLength < 0 || propsLenPos + 2 + propsLength != size) {
            return false;
        }
        // Properties end with a separator and a topic has no NUL: a zero there is a tail that was
        // never written, whatever the length fields say.
        int lastByte = propsLength > 0 ? size - 1 : topicLength > 0 ? propsLenPos - 1 : -1;
        if (lastByte >= 0 && b.get(pos + lastByte) == 0) {
            return false;
        }
        crc.reset();
        crc.update(b.slice(pos + bodyLenPos + 4, bodyLength));
        return (int) (crc.getValue() & 0x7FFFFFFF) == b.getInt(pos + BODY_CRC_OFFSET);
    }
}
