package io.bolide.store;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;

/** Encodes stored records (message-format.md §1, IPv4 hosts, V1) for tests. */
final class TestRecords {
    private TestRecords() {}

    /** A record of {@code topic}/{@code queueId} with {@code body} and a properties string. */
    static ByteBuf encode(String topic, int queueId, byte[] body, String properties) {
        byte[] t = topic.getBytes(StandardCharsets.UTF_8);
        byte[] p = properties.getBytes(StandardCharsets.UTF_8);
        int size = 84 + 4 + body.length + 1 + t.length + 2 + p.length;
        CRC32 crc = new CRC32();
        crc.update(body);
        ByteBuf b = Unpooled.buffer(size);
        b.writeInt(size);
        b.writeInt(0xDAA320A7);
        b.writeInt((int) (crc.getValue() & 0x7FFFFFFF));
        b.writeInt(queueId);
        b.writeInt(0); // flag
        b.writeLong(0); // queue offset
        b.writeLong(0); // physical offset
        b.writeInt(0); // sys flag
        b.writeLong(System.currentTimeMillis());
        b.writeInt(0x7F000001).writeInt(12345);
        b.writeLong(0); // store timestamp
        b.writeInt(0x7F000001).writeInt(10911);
        b.writeInt(0); // reconsume times
        b.writeLong(0); // prepared transaction offset
        b.writeInt(body.length).writeBytes(body);
        b.writeByte(t.length).writeBytes(t);
        b.writeShort(p.length).writeBytes(p);
        return b;
    }

    static EncodedRecord record(String topic, int queueId, String body, String properties) {
        return new EncodedRecord(
                topic,
                queueId,
                encode(topic, queueId, body.getBytes(StandardCharsets.UTF_8), properties));
    }

    static String props(String... nameValues) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < nameValues.length; i += 2) {
            sb.append(nameValues[i]).append('\u0001').append(nameValues[i + 1]).append('\u0002');
        }
        return sb.toString();
    }

    /** The body of a stored record. */
    static String body(ByteBuf record) {
        int at = record.readerIndex();
        int length = record.getInt(at + 84);
        return record.toString(at + 88, length, StandardCharsets.UTF_8);
    }

    static long queueOffset(ByteBuf record) {
        return record.getLong(record.readerIndex() + 20);
    }

    static long physicalOffset(ByteBuf record) {
        return record.getLong(record.readerIndex() + 28);
    }

    static long storeTimestamp(ByteBuf record) {
        return record.getLong(record.readerIndex() + 56);
    }
}
