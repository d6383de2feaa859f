package io.bolide.protocol.message;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.common.message.MessageExtBrokerInner;
import org.junit.jupiter.api.Test;

/** Apache 5.4.0's MessageDecoder is the oracle: records must agree field for field, both ways. */
class StoredMessageDifferentialTest {
    private static final int ROUNDS = 300;

    @Test
    void shouldDecodeApacheEncodedRecordsWithIdenticalFields() throws Exception {
        Random random = new Random(20260001);
        StoredMessageFlyweight flyweight = new StoredMessageFlyweight();
        for (int i = 0; i < ROUNDS; i++) {
            SampleMessage sample = SampleMessage.random(random);
            ByteBuf record = Unpooled.wrappedBuffer(sample.apacheRecord());
            assertSameFields(flyweight.wrap(record, 0), sample);
        }
    }

    @Test
    void shouldEncodeByteForByteAsApache() throws Exception {
        Random random = new Random(20260002);
        for (int i = 0; i < ROUNDS; i++) {
            SampleMessage sample = SampleMessage.random(random);
            if (i % 5 == 0) {
                sample.compressed();
            }
            assertThat(ByteBufUtil.getBytes(sample.bolideRecord()))
                    .isEqualTo(sample.apacheRecord());
        }
    }

    @Test
    void shouldBeDecodedByApacheWithCrcCheckOn() {
        Random random = new Random(20260003);
        for (int i = 0; i < ROUNDS; i++) {
            SampleMessage sample = SampleMessage.random(random);
            if (i % 7 == 0) {
                sample.compressed();
            }
            ByteBuffer nio = sample.bolideRecord().nioBuffer();
            MessageExt decoded = MessageDecoder.decode(nio, true, false, false, false, true);
            assertThat(decoded).as("Apache rejects the record or its CRC").isNotNull();
            assertApacheSees(decoded, sample);
        }
    }

    @Test
    void shouldRoundTripCompressedBodiesWithApache() throws Exception {
        Random random = new Random(20260010);
        for (int i = 0; i < 30; i++) {
            SampleMessage sample = SampleMessage.random(random);
            byte[] plain = sample.body;
            sample.sysFlag |=
                    MessageDescriptor.FLAG_COMPRESSED | MessageDescriptor.COMPRESSION_ZLIB;
            MessageExt ext = sample.toApache();
            ByteBuf apache = Unpooled.wrappedBuffer(MessageDecoder.encode(ext, true));
            StoredMessageFlyweight m = new StoredMessageFlyweight().wrap(apache, 0);
            ByteBuf inflated = ZlibBody.inflate(m.body(), PooledByteBufAllocator.DEFAULT, 1 << 22);
            try {
                assertThat(ByteBufUtil.getBytes(inflated)).isEqualTo(plain);
            } finally {
                inflated.release();
            }
            ByteBuf compressed = Unpooled.wrappedBuffer(new byte[plain.length + 1024]).clear();
            ZlibBody.deflate(Unpooled.wrappedBuffer(plain), ZlibBody.DEFAULT_LEVEL, compressed);
            ByteBuf record = Unpooled.wrappedBuffer(new byte[plain.length + 4096]).clear();
            sample.fill(new StoredMessageEncoder()).body(compressed).encode(record);
            MessageExt decoded = MessageDecoder.decode(record.nioBuffer(), true, true);
            assertThat(decoded.getBody()).isEqualTo(plain);
            // Apache clears the compressed bit once it has inflated the body.
            assertThat(decoded.getSysFlag() & MessageDescriptor.FLAG_COMPRESSED).isZero();
        }
    }

    @Test
    void shouldWalkManyRecordsAsApacheDecodes() throws Exception {
        Random random = new Random(20260004);
        List<SampleMessage> samples = new ArrayList<>();
        ByteBuf body = Unpooled.wrappedBuffer(new byte[1 << 20]).clear();
        StoredMessageEncoder encoder = new StoredMessageEncoder();
        for (int i = 0; i < 50; i++) {
            SampleMessage sample = SampleMessage.random(random);
            samples.add(sample);
            sample.fill(encoder).encode(body);
        }
        List<MessageExt> apache = MessageDecoder.decodes(body.nioBuffer());
        assertThat(apache).hasSize(samples.size());
        StoredMessageDecoder decoder = new StoredMessageDecoder().reset(body);
        for (int i = 0; i < samples.size(); i++) {
            assertThat(decoder.next()).isTrue();
            assertSameFields(decoder.message(), samples.get(i));
            assertThat(OffsetMessageId.of(decoder.message())).isEqualTo(apache.get(i).getMsgId());
        }
        assertThat(decoder.next()).isFalse();
        assertThat(decoder.endOfFile()).isFalse();
    }

    @Test
    void shouldWriteLoneSurrogatesAsQuestionMarksAsApache() throws Exception {
        SampleMessage sample = SampleMessage.random(new Random(20260009));
        sample.properties.put("lone", "\uDC00x");
        sample.properties.put("mixed", "é\uD800漢😀");
        sample.topic = "T\uD800";
        assertThat(ByteBufUtil.getBytes(sample.bolideRecord())).isEqualTo(sample.apacheRecord());
        sample.properties.clear();
        sample.properties.put("only", "\uDC00");
        assertThat(ByteBufUtil.getBytes(sample.bolideRecord())).isEqualTo(sample.apacheRecord());
    }

    @Test
    void shouldHandleEmptyAndLargeBodies() throws Exception {
        Random random = new Random(20260005);
        SampleMessage empty = SampleMessage.random(random);
        empty.body = new byte[0];
        assertThat(ByteBufUtil.getBytes(empty.bolideRecord())).isEqualTo(empty.apacheRecord());
        SampleMessage large = SampleMessage.random(random);
        large.body = new byte[4 * 1024 * 1024 + 17];
        random.nextBytes(large.body);
        byte[] apache = large.apacheRecord();
        assertThat(ByteBufUtil.getBytes(large.bolideRecord())).isEqualTo(apache);
        StoredMessageFlyweight flyweight =
                new StoredMessageFlyweight().wrap(Unpooled.wrappedBuffer(apache), 0);
        assertSameFields(flyweight, large);
    }

    @Test
    void shouldComputeTheSameCrcFromDirectAndCompositeBodies() {
        Random random = new Random(20260006);
        SampleMessage sample = SampleMessage.random(random);
        sample.body = new byte[3000];
        random.nextBytes(sample.body);
        ByteBuf direct = PooledByteBufAllocator.DEFAULT.directBuffer(3000).writeBytes(sample.body);
        ByteBuf composite =
                Unpooled.wrappedBuffer(
                        Unpooled.wrappedBuffer(Arrays.copyOf(sample.body, 1000)),
                        Unpooled.wrappedBuffer(Arrays.copyOfRange(sample.body, 1000, 3000)));
        try {
            BodyCrc crc = new BodyCrc();
            assertThat(crc.of(direct)).isEqualTo(sample.bodyCrc());
            assertThat(crc.of(composite)).isEqualTo(sample.bodyCrc());
            assertThat(direct.readerIndex()).isZero();
        } finally {
            direct.release();
        }
    }

    @Test
    void shouldWriteV2RecordsForLongTopicsThatApacheDecodes() {
        Random random = new Random(20260007);
        SampleMessage sample = SampleMessage.random(random);
        sample.topic = "%RETRY%" + SampleMessage.word(random, 200);
        ByteBuf record = sample.bolideRecord();
        StoredMessageFlyweight flyweight = new StoredMessageFlyweight().wrap(record, 0);
        assertThat(flyweight.magic()).isEqualTo(MessageDescriptor.MAGIC_V2);
        assertSameFields(flyweight, sample);
        MessageExt decoded = MessageDecoder.decode(record.nioBuffer(), true, false);
        assertApacheSees(decoded, sample);
    }

    @Test
    void shouldComputeTagHashAsApache() {
        Random random = new Random(20260008);
        for (int i = 0; i < ROUNDS; i++) {
            SampleMessage sample = SampleMessage.random(random);
            String tags = sample.properties.get(MessageProperty.TAGS);
            long expected = MessageExtBrokerInner.tagsString2tagsCode(tags);
            assertThat(TagsCode.of(tags)).isEqualTo(expected);
            StoredMessageFlyweight flyweight =
                    new StoredMessageFlyweight().wrap(sample.bolideRecord(), 0);
            assertThat(flyweight.tagsCode()).isEqualTo(expected);
        }
        assertThat(TagsCode.of("TagA")).isEqualTo(2598919);
        assertThat(TagsCode.of("😀x")).isEqualTo("😀x".hashCode());
    }

    static void assertSameFields(StoredMessageFlyweight m, SampleMessage s) {
        assertThat(m.topic()).isEqualTo(s.topic);
        assertThat(m.queueId()).isEqualTo(s.queueId);
        assertThat(m.flag()).isEqualTo(s.flag);
        assertThat(m.sysFlag()).isEqualTo(s.fullSysFlag());
        assertThat(m.queueOffset()).isEqualTo(s.queueOffset);
        assertThat(m.physicalOffset()).isEqualTo(s.physicalOffset);
        assertThat(m.bornTimestamp()).isEqualTo(s.bornTimestamp);
        assertThat(m.storeTimestamp()).isEqualTo(s.storeTimestamp);
        assertThat(m.bornHost()).isEqualTo(SampleMessage.socket(s.bornAddress, s.bornPort));
        assertThat(m.storeHost()).isEqualTo(SampleMessage.socket(s.storeAddress, s.storePort));
        assertThat(m.reconsumeTimes()).isEqualTo(s.reconsumeTimes);
        assertThat(m.preparedTransactionOffset()).isEqualTo(s.preparedTransactionOffset);
        assertThat(m.bodyCrc()).isEqualTo(s.bodyCrc());
        assertThat(ByteBufUtil.getBytes(m.body())).isEqualTo(s.body);
        assertThat(m.propertyMap()).isEqualTo(s.properties);
        for (String name : s.properties.keySet()) {
            assertThat(m.property(MessageProperty.bytes(name))).isEqualTo(s.properties.get(name));
        }
    }

    static void assertApacheSees(MessageExt decoded, SampleMessage s) {
        assertThat(decoded.getTopic()).isEqualTo(s.topic);
        assertThat(decoded.getQueueId()).isEqualTo(s.queueId);
        assertThat(decoded.getFlag()).isEqualTo(s.flag);
        assertThat(decoded.getSysFlag()).isEqualTo(s.fullSysFlag());
        assertThat(decoded.getQueueOffset()).isEqualTo(s.queueOffset);
        assertThat(decoded.getCommitLogOffset()).isEqualTo(s.physicalOffset);
        assertThat(decoded.getBornTimestamp()).isEqualTo(s.bornTimestamp);
        assertThat(decoded.getStoreTimestamp()).isEqualTo(s.storeTimestamp);
        assertThat(decoded.getBornHost())
                .isEqualTo(SampleMessage.socket(s.bornAddress, s.bornPort));
        assertThat(decoded.getStoreHost())
                .isEqualTo(SampleMessage.socket(s.storeAddress, s.storePort));
        assertThat(decoded.getReconsumeTimes()).isEqualTo(s.reconsumeTimes);
        assertThat(decoded.getPreparedTransactionOffset()).isEqualTo(s.preparedTransactionOffset);
        assertThat(decoded.getBodyCRC()).isEqualTo(s.bodyCrc());
        assertThat(decoded.getBody() == null ? new byte[0] : decoded.getBody()).isEqualTo(s.body);
        // Apache leaves the map null when the record has no properties.
        assertThat(decoded.getProperties() == null ? Map.of() : decoded.getProperties())
                .isEqualTo(s.properties);
        assertThat(decoded.getMsgId())
                .isEqualTo(OffsetMessageId.toString(s.storeAddress, s.storePort, s.physicalOffset));
    }

    /**
     * Properties appended by the broker are read by Apache as extra properties, whichever way the
     * client ended its own (with or without the last separator, or none at all), and win over a
     * client's property of the same name, as a map put does on the reference.
     */
    @Test
    void shouldAppendBrokerPropertiesApacheReadsAndLetThemWin() {
        byte[] broker =
                "CLUSTER\u0001c1\u0002MSG_REGION\u0001r1\u0002TRACE_ON\u0001true"
                        .getBytes(java.nio.charset.StandardCharsets.UTF_8);
        String[] clients = {
            "", "KEYS\u0001k1\u0002TAGS\u0001t1", "KEYS\u0001k1\u0002", "TRACE_ON\u0001false"
        };
        for (String client : clients) {
            for (boolean asBytes : new boolean[] {false, true}) {
                StoredMessageEncoder encoder =
                        new StoredMessageEncoder()
                                .topic("T")
                                .body(Unpooled.wrappedBuffer(new byte[] {1, 2}));
                ByteBuf clientBytes =
                        Unpooled.copiedBuffer(client, java.nio.charset.StandardCharsets.UTF_8);
                if (asBytes) {
                    encoder.properties(clientBytes);
                } else {
                    encoder.properties(client);
                }
                ByteBuf record = Unpooled.buffer();
                encoder.appendProperties(broker).encode(record);
                MessageExt decoded = MessageDecoder.decode(record.nioBuffer(), true, false);
                assertThat(decoded.getProperties())
                        .as("client properties '%s'", client)
                        .containsEntry("CLUSTER", "c1")
                        .containsEntry("MSG_REGION", "r1")
                        .containsEntry("TRACE_ON", "true");
                if (client.startsWith("KEYS")) {
                    assertThat(decoded.getKeys()).isEqualTo("k1");
                }
                record.release();
                clientBytes.release();
            }
        }
    }
}
