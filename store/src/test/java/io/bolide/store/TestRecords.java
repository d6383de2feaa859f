package io.bolide.store;

import io.bolide.protocol.message.StoredMessageEncoder;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;

/** Encodes stored records (docs/protocol/message-format.md §1, IPv4 hosts, V1) for tests. */
final class TestRecords {
    private TestRecords() {}

    /** A record of {@code topic}/{@code queueId} with {@code body} and a properties string. */
    static ByteBuf encode(String topic, int queueId, byte[] body, String properties) {
        StoredMessageEncoder encoder =
                new StoredMessageEncoder()
                        .topic(topic)
                        .queueId(queueId)
                        .bornTimestamp(System.currentTimeMillis())
                        .bornHost(new byte[] {127, 0, 0, 1}, 12345)
                        .storeHost(new byte[] {127, 0, 0, 1}, 10911)
                        .body(Unpooled.wrappedBuffer(body))
                        .properties(properties);
        ByteBuf out = Unpooled.buffer(encoder.recordLength());
        encoder.encode(out);
        return out;
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
