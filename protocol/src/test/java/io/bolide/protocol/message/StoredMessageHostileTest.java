package io.bolide.protocol.message;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Bytes from the wire or a damaged file: every defect is a ProtocolDecodeException. */
class StoredMessageHostileTest {
    private final StoredMessageFlyweight flyweight = new StoredMessageFlyweight();

    @Test
    void shouldRejectEveryTruncationOfARecord() {
        byte[] record = ByteBufUtil.getBytes(sample(1).bolideRecord());
        for (int cut = 0; cut < record.length; cut++) {
            ByteBuf truncated = Unpooled.wrappedBuffer(record, 0, cut);
            assertThatThrownBy(() -> flyweight.wrap(truncated, 0))
                    .as("cut at %d", cut)
                    .isInstanceOf(ProtocolDecodeException.class);
            if (cut >= 4) {
                StoredMessageDecoder decoder = new StoredMessageDecoder().reset(truncated);
                assertThatThrownBy(decoder::next).isInstanceOf(ProtocolDecodeException.class);
            }
        }
    }

    @Test
    void shouldRejectNegativeAndOversizedLengthFields() {
        SampleMessage sample = sample(2);
        byte[] record = ByteBufUtil.getBytes(sample.bolideRecord());
        int bodyLength = MessageDescriptor.bodyLengthOffset(sample.fullSysFlag());
        int topicLength = bodyLength + 4 + sample.body.length;
        int propertiesLength = topicLength + 1 + sample.topic.length();
        int[] values = {-1, Integer.MIN_VALUE, Integer.MAX_VALUE, record.length + 1, 0x7FFF};
        for (int value : values) {
            assertRejected(record, b -> b.setInt(0, value));
            assertRejected(record, b -> b.setInt(bodyLength, value));
            assertRejected(record, b -> b.setShort(propertiesLength, value));
        }
        assertRejected(record, b -> b.setByte(topicLength, -1));
        assertRejected(record, b -> b.setByte(topicLength, 127));
        assertRejected(record, b -> b.setInt(MessageDescriptor.MAGIC_CODE_OFFSET, 0x12345678));
        // Flipping a host to IPv6 shifts every later field out of line with TOTALSIZE.
        assertRejected(
                record,
                b -> b.setInt(MessageDescriptor.SYS_FLAG_OFFSET, sample.fullSysFlag() ^ 0x10));
    }

    @Test
    void shouldRejectAShortRecordWhoseSysFlagClaimsIpv6Hosts() {
        ByteBuf buf = Unpooled.wrappedBuffer(new byte[MessageDescriptor.MIN_RECORD_LENGTH]);
        buf.setInt(0, MessageDescriptor.MIN_RECORD_LENGTH);
        buf.setInt(4, MessageDescriptor.MAGIC_V1);
        buf.setInt(MessageDescriptor.SYS_FLAG_OFFSET, 0x30);
        assertThatThrownBy(() -> flyweight.wrap(buf, 0))
                .isInstanceOf(ProtocolDecodeException.class)
                .hasMessageContaining("fixed part");
        buf.setInt(MessageDescriptor.SYS_FLAG_OFFSET, 0);
        assertThat(flyweight.wrap(buf, 0).topic()).isEmpty();
    }

    @Test
    void shouldRejectTopicAndPropertiesThatAreNotUtf8() {
        SampleMessage sample = sample(3);
        sample.properties.put("TAGS", "ok");
        byte[] record = ByteBufUtil.getBytes(sample.bolideRecord());
        int topic = MessageDescriptor.bodyLengthOffset(sample.fullSysFlag()) + 4 + 1;
        int topicIndex = topic + sample.body.length;
        ByteBuf badTopic = Unpooled.wrappedBuffer(record.clone());
        badTopic.setByte(topicIndex, 0xFF);
        assertThatThrownBy(() -> flyweight.wrap(badTopic, 0).topic())
                .isInstanceOf(ProtocolDecodeException.class);
        ByteBuf badProperties = Unpooled.wrappedBuffer(record.clone());
        flyweight.wrap(badProperties, 0);
        int value = flyweight.propertiesIndex() + flyweight.propertiesLength() - 3;
        badProperties.setByte(value, 0xC0);
        assertThatThrownBy(() -> flyweight.wrap(badProperties, 0).propertyMap())
                .isInstanceOf(ProtocolDecodeException.class);
        assertThatThrownBy(() -> flyweight.property(MessageProperty.TAGS_BYTES))
                .isInstanceOf(ProtocolDecodeException.class);
        assertThatThrownBy(flyweight::tagsCode).isInstanceOf(ProtocolDecodeException.class);
    }

    @Test
    void shouldRejectHugePropertiesWhenEncoding() {
        SampleMessage sample = sample(4);
        sample.properties.put("big", "x".repeat(40_000));
        StoredMessageEncoder encoder = sample.fill(new StoredMessageEncoder());
        assertThatThrownBy(encoder::recordLength).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void shouldOnlyEverThrowProtocolDecodeExceptionOnRandomDamage() {
        Random random = new Random(20260501);
        ByteBuf body = Unpooled.buffer();
        StoredMessageEncoder encoder = new StoredMessageEncoder();
        for (int i = 0; i < 5; i++) {
            SampleMessage.random(random).fill(encoder).encode(body);
        }
        byte[] clean = ByteBufUtil.getBytes(body);
        body.release();
        for (int round = 0; round < 3000; round++) {
            byte[] damaged = clean.clone();
            int flips = 1 + random.nextInt(4);
            for (int k = 0; k < flips; k++) {
                damaged[random.nextInt(damaged.length)] = (byte) random.nextInt(256);
            }
            walkExpectingOnlyDecodeErrors(Unpooled.wrappedBuffer(damaged));
        }
    }

    @Test
    void shouldOnlyEverThrowProtocolDecodeExceptionOnRandomLengthFields() {
        Random random = new Random(20260502);
        SampleMessage sample = sample(5);
        byte[] clean = ByteBufUtil.getBytes(sample.bolideRecord());
        int bodyLength = MessageDescriptor.bodyLengthOffset(sample.fullSysFlag());
        int topicLength = bodyLength + 4 + sample.body.length;
        int[] fields = {0, MessageDescriptor.SYS_FLAG_OFFSET, bodyLength, topicLength - 3};
        for (int round = 0; round < 5000; round++) {
            ByteBuf damaged = Unpooled.wrappedBuffer(clean.clone());
            int field = fields[random.nextInt(fields.length)];
            int value = random.nextBoolean() ? random.nextInt() : random.nextInt(512) - 256;
            damaged.setInt(field, value);
            if (random.nextBoolean()) {
                damaged.setByte(topicLength, random.nextInt(256));
            }
            walkExpectingOnlyDecodeErrors(damaged);
        }
    }

    private static void walkExpectingOnlyDecodeErrors(ByteBuf buf) {
        StoredMessageDecoder decoder = new StoredMessageDecoder().reset(buf);
        try {
            while (decoder.next()) {
                StoredMessageFlyweight m = decoder.message();
                m.topic();
                m.propertyMap();
                m.tagsCode();
                m.body();
                m.storeHost();
                m.bornHost();
                OffsetMessageId.of(m);
            }
        } catch (ProtocolDecodeException expected) {
            assertThat(expected).hasMessageNotContaining("Exception");
        }
    }

    private void assertRejected(byte[] record, java.util.function.Consumer<ByteBuf> damage) {
        ByteBuf buf = Unpooled.wrappedBuffer(record.clone());
        damage.accept(buf);
        assertThatThrownBy(() -> flyweight.wrap(buf, 0))
                .isInstanceOf(ProtocolDecodeException.class);
    }

    private static SampleMessage sample(int seed) {
        SampleMessage sample = SampleMessage.random(new Random(seed));
        sample.bornAddress = new byte[4];
        sample.storeAddress = new byte[4];
        sample.topic = "TopicTest";
        return sample;
    }
}
