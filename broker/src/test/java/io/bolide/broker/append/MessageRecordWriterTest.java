package io.bolide.broker.append;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bolide.broker.EmbeddedBroker;
import io.bolide.protocol.message.BodyCrc;
import io.bolide.protocol.message.StoredMessageFlyweight;
import io.bolide.store.PutResult;
import io.bolide.testsupport.LeakCheck;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The record a writer lays into a segment, read back field by field with Bolide's stored-message
 * flyweight and Apache 5.4.0's decoder, and through a real store's append.
 */
@ExtendWith(LeakCheck.class)
class MessageRecordWriterTest {
    private static final byte[] BORN = {10, 0, 0, 7};
    private static final byte[] STORE = {(byte) 192, (byte) 168, 1, 2};
    private static final String PROPERTIES =
            "TAGS\u0001tag\u0002KEYS\u0001k1 k2\u0002u\u0001v\u0002";

    private static MessageRecordWriter filled(String topic, int queueId, byte[] body) {
        MessageRecordWriter writer = new MessageRecordWriter();
        ByteBuf bodyBuf = Unpooled.wrappedBuffer(body);
        writer.start()
                .flag(5)
                .sysFlag(0)
                .bornTimestamp(1_000L)
                .bornHost(BORN, 4321)
                .storeHost(STORE, 10911)
                .reconsumeTimes(2)
                .preparedTransactionOffset(0)
                .body(bodyBuf)
                .bodyCrc(new BodyCrc().of(bodyBuf))
                .properties(PROPERTIES);
        return writer.prepare(topic, queueId);
    }

    private static int crc(byte[] body) {
        CRC32 crc = new CRC32();
        crc.update(body);
        return (int) (crc.getValue() & 0x7FFFFFFF);
    }

    @Test
    void shouldLayOutEveryFieldWhereApachesDecoderReadsIt() {
        byte[] body = "hello record".getBytes(StandardCharsets.UTF_8);
        MessageRecordWriter writer = filled("Layout", 3, body);
        ByteBuffer segment = ByteBuffer.allocate(4096);

        writer.write(segment, 100, 8_192L, 42L, 2_000L);

        ByteBuffer record = segment.duplicate().position(100).limit(100 + writer.size());
        MessageExt message = MessageDecoder.decode(record.slice(), true, false);
        assertThat(message.getStoreSize()).isEqualTo(writer.size());
        assertThat(message.getTopic()).isEqualTo("Layout");
        assertThat(message.getQueueId()).isEqualTo(3);
        assertThat(message.getFlag()).isEqualTo(5);
        assertThat(message.getQueueOffset()).isEqualTo(42);
        assertThat(message.getCommitLogOffset()).isEqualTo(8_192L);
        assertThat(message.getBornTimestamp()).isEqualTo(1_000L);
        assertThat(message.getStoreTimestamp()).isEqualTo(2_000L);
        assertThat(message.getBornHost()).isEqualTo(new InetSocketAddress("10.0.0.7", 4321));
        assertThat(message.getStoreHost()).isEqualTo(new InetSocketAddress("192.168.1.2", 10911));
        assertThat(message.getReconsumeTimes()).isEqualTo(2);
        assertThat(message.getBodyCRC()).isEqualTo(crc(body));
        assertThat(message.getBody()).isEqualTo(body);
        assertThat(message.getTags()).isEqualTo("tag");
        assertThat(message.getKeys()).isEqualTo("k1 k2");
        assertThat(message.getUserProperty("u")).isEqualTo("v");
        assertThat(segment.get(99)).isZero();
        assertThat(segment.get(100 + writer.size())).isZero();
    }

    @Test
    void shouldWriteIntoEachSegmentItIsGivenAndNotTheOneItWroteBefore() {
        MessageRecordWriter writer = filled("Two", 0, new byte[] {1, 2, 3});
        ByteBuffer first = ByteBuffer.allocate(1024);
        ByteBuffer second = ByteBuffer.allocate(1024);

        writer.write(first, 0, 0L, 0L, 1L);
        writer.write(first, writer.size(), writer.size(), 1L, 2L);
        writer.write(second, 8, 4_096L, 2L, 3L);

        StoredMessageFlyweight flyweight = new StoredMessageFlyweight();
        ByteBuf a = Unpooled.wrappedBuffer(first);
        assertThat(flyweight.wrap(a, writer.size()).queueOffset()).isEqualTo(1);
        assertThat(flyweight.physicalOffset()).isEqualTo(writer.size());
        ByteBuf b = Unpooled.wrappedBuffer(second);
        assertThat(flyweight.wrap(b, 8).queueOffset()).isEqualTo(2);
        assertThat(flyweight.physicalOffset()).isEqualTo(4_096L);
        assertThat(flyweight.storeTimestamp()).isEqualTo(3L);
        assertThat(first.get(2 * writer.size())).isZero();
    }

    @Test
    void shouldSizeTheRecordFromTopicBodyAndProperties() {
        MessageRecordWriter small = filled("T", 0, new byte[10]);
        MessageRecordWriter longer = filled("TT", 0, new byte[13]);

        assertThat(longer.size() - small.size()).isEqualTo(1 + 3);
        assertThat(small.topic()).isEqualTo("T");
        assertThat(small.queueId()).isZero();
    }

    @Test
    void shouldWriteTopicsPastTheLengthByteInTheFormatWithAShortLength() {
        String topic = "t".repeat(300);
        MessageRecordWriter writer = filled(topic, 0, new byte[] {9});
        ByteBuffer segment = ByteBuffer.allocate(2048);

        writer.write(segment, 0, 0L, 0L, 1L);

        MessageExt message =
                MessageDecoder.decode(segment.duplicate().limit(writer.size()), true, false);
        assertThat(message.getTopic()).isEqualTo(topic);
        assertThat(message.getBody()).containsExactly(9);
        assertThat(message.getStoreSize()).isEqualTo(writer.size());
    }

    @Test
    void shouldRefuseATopicTooLongForItsShortLength() {
        MessageRecordWriter writer = new MessageRecordWriter();
        writer.start().body(Unpooled.EMPTY_BUFFER).properties("");

        assertThatThrownBy(() -> writer.prepare("t".repeat(Short.MAX_VALUE + 1), 0))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void shouldBeReadableFromTheStoreWhereThePutSaysItWent() throws Exception {
        try (EmbeddedBroker broker = EmbeddedBroker.open()) {
            byte[] body = "stored".getBytes(StandardCharsets.UTF_8);
            broker.store().put(filled("Padding", 0, new byte[100])).join();

            PutResult result = broker.store().put(filled("Stored", 1, body)).join();

            assertThat(result.isOk()).isTrue();
            ByteBuf record = broker.store().getMessage(result.physicalOffset());
            try {
                StoredMessageFlyweight stored =
                        new StoredMessageFlyweight().wrap(record, record.readerIndex());
                assertThat(stored.topic()).isEqualTo("Stored");
                assertThat(stored.queueId()).isEqualTo(1);
                assertThat(stored.queueOffset()).isEqualTo(result.queueOffset());
                assertThat(stored.physicalOffset()).isEqualTo(result.physicalOffset());
                assertThat(stored.storeTimestamp()).isEqualTo(result.storeTimestamp());
                assertThat(stored.bodyCrcMatches(new BodyCrc())).isTrue();
                assertThat(stored.propertyMap()).containsEntry("TAGS", "tag");
                assertThat(stored.tagsCode()).isEqualTo("tag".hashCode());
            } finally {
                record.release();
            }
        }
    }

    @Test
    void shouldDropTheBodyReferenceOnClear() {
        ByteBuf body = Unpooled.buffer(4).writeInt(7);
        MessageRecordWriter writer = new MessageRecordWriter();
        writer.start().body(body).bodyCrc(new BodyCrc().of(body)).properties("");
        writer.prepare("Cleared", 0);
        int withBody = writer.size();

        writer.clear();

        assertThat(writer.prepare("Cleared", 0).size()).isEqualTo(withBody - 4);
        body.release();
    }
}
