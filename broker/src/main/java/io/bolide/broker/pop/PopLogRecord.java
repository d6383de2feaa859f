package io.bolide.broker.pop;

import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32C;

/**
 * The layout of one record of the pop log ({@link PopLog}):
 *
 * <pre>
 *   0      4      8     9
 *   +------+------+-----+------------------------------------------------------------+
 *   | len  | crc  | type| key: u16 group length, group, u16 topic length, topic, i32 |
 *   +------+------+-----+  queueId; then the type's fields                           |
 *                       +------------------------------------------------------------+
 *   POPPED  (1): i64 popTime, i64 deadline, i64 nextPopOffset, i32 n, n x i64 offset
 *   REMOVED (2): i64 offset, i64 popTime            (acknowledged, or revived)
 *   CHANGED (3): i64 offset, i64 popTime, i64 newPopTime, i64 deadline
 *   STATE   (4): i64 popOffset, i32 n, n x (i64 offset, i64 popTime, i64 deadline)
 *   REMOVED_ALL (5): i64 popTime, i32 n, n x i64 offset  (a batch acknowledged at once)
 *   POPPED_ORDERLY (6): as POPPED, for an orderly pop (marks the queue orderly)
 *   REWOUND (7): i64 popTime, i64 popOffset, i32 n, n x i64 offset  (an orderly batch fell due:
 *                its offsets leave flight, the queue hands out again from popOffset)
 * </pre>
 *
 * {@code len} counts the bytes after the crc; {@code crc} is CRC32C over them. A record whose
 * length runs past the end of the file or whose crc does not match ends the replay: it is the torn
 * tail of a write cut by a crash, and nothing after it was acknowledged to anyone.
 */
final class PopLogRecord {
    static final byte POPPED = 1;
    static final byte REMOVED = 2;
    static final byte CHANGED = 3;
    static final byte STATE = 4;
    static final byte REMOVED_ALL = 5;
    static final byte POPPED_ORDERLY = 6;
    static final byte REWOUND = 7;
    static final int HEADER = 8;

    private PopLogRecord() {}

    /** Starts a record of {@code type} for {@code key}; returns its start for {@link #end}. */
    static int begin(ByteBuf out, byte type, QueueKey key) {
        int start = out.writerIndex();
        out.writeLong(0); // length and crc, patched by end()
        out.writeByte(type);
        writeString(out, key.group());
        writeString(out, key.topic());
        out.writeInt(key.queueId());
        return start;
    }

    /** Patches the length and crc of the record started at {@code start}. */
    static void end(ByteBuf out, int start) {
        int length = out.writerIndex() - start - HEADER;
        out.setInt(start, length);
        out.setInt(start + 4, crc(out, start + HEADER, length));
    }

    static int crc(ByteBuf buf, int index, int length) {
        CRC32C crc = new CRC32C();
        crc.update(buf.nioBuffer(index, length));
        return (int) crc.getValue();
    }

    static QueueKey readKey(ByteBuf in) {
        String group = readString(in);
        String topic = readString(in);
        return new QueueKey(group, topic, in.readInt());
    }

    private static void writeString(ByteBuf out, String s) {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        out.writeShort(bytes.length);
        out.writeBytes(bytes);
    }

    private static String readString(ByteBuf in) {
        int length = in.readUnsignedShort();
        String s = in.toString(in.readerIndex(), length, StandardCharsets.UTF_8);
        in.skipBytes(length);
        return s;
    }
}
