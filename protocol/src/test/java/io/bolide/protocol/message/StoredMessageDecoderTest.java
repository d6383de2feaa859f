package io.bolide.protocol.message;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import java.nio.ByteBuffer;
import java.util.Random;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.Test;

class StoredMessageDecoderTest {
    @Test
    void shouldStopAtTheEndOfFileBlankRecord() {
        Random random = new Random(20260601);
        ByteBuf file = Unpooled.wrappedBuffer(new byte[4096]).clear();
        StoredMessageEncoder encoder = new StoredMessageEncoder();
        SampleMessage.random(random).fill(encoder).body(Unpooled.EMPTY_BUFFER).encode(file);
        int blankAt = file.writerIndex();
        StoredMessageEncoder.putBlank(file, blankAt, file.capacity() - blankAt);
        file.writerIndex(file.capacity());
        assertThat(file.getInt(blankAt + 4)).isEqualTo(0xCBD43194);
        StoredMessageDecoder decoder = new StoredMessageDecoder().reset(file);
        assertThat(decoder.next()).isTrue();
        assertThat(decoder.position()).isEqualTo(blankAt);
        assertThat(decoder.next()).isFalse();
        assertThat(decoder.endOfFile()).isTrue();
        assertThat(decoder.next()).isFalse();
    }

    @Test
    void shouldStopAtAZeroTotalSizeInAnUnwrittenTail() {
        ByteBuf file = Unpooled.wrappedBuffer(new byte[1024]).clear();
        SampleMessage.random(new Random(7)).fill(new StoredMessageEncoder()).encode(file);
        file.writerIndex(file.capacity());
        StoredMessageDecoder decoder = new StoredMessageDecoder().reset(file);
        assertThat(decoder.next()).isTrue();
        assertThat(decoder.next()).isFalse();
        assertThat(decoder.endOfFile()).isTrue();
    }

    /**
     * A writer killed in the middle of a record (kill -9 while encoding into a mapped segment) must
     * leave a record recovery cannot take for whole: TOTALSIZE is written last. Here the buffer
     * ends before the record's properties, so the encoding stops there, as a killed one would.
     */
    @Test
    void shouldWriteTotalSizeLastSoThatATornRecordReadsAsUnwritten() {
        SampleMessage sample = SampleMessage.random(new Random(20260603));
        sample.properties.put("torn", "tail");
        StoredMessageEncoder encoder = sample.fill(new StoredMessageEncoder());
        int length = encoder.recordLength();
        ByteBuf segment = Unpooled.wrappedBuffer(new byte[length - 4]).clear();
        assertThatThrownBy(() -> encoder.encodeAt(segment, 0, length))
                .isInstanceOf(IndexOutOfBoundsException.class);
        assertThat(segment.getInt(4)).as("the magic is written").isNotZero();
        assertThat(segment.getInt(0)).as("TOTALSIZE").isZero();
        segment.writerIndex(segment.capacity());
        StoredMessageDecoder decoder = new StoredMessageDecoder().reset(segment);
        assertThat(decoder.next()).isFalse();
    }

    @Test
    void shouldPatchStoreAssignedFieldsInPlaceAsApacheThenReads() {
        SampleMessage sample = SampleMessage.random(new Random(20260602));
        sample.storeAddress = new byte[16];
        ByteBuf segment = PooledByteBufAllocator.DEFAULT.directBuffer(8192, 8192);
        try {
            StoredMessageEncoder encoder = sample.fill(new StoredMessageEncoder());
            int length = encoder.recordLength();
            encoder.encodeAt(segment, 100, length);
            byte[] storeAddress = new byte[16];
            storeAddress[15] = 1;
            StoredMessageEncoder.putQueueOffset(segment, 100, 42);
            StoredMessageEncoder.putPhysicalOffset(segment, 100, 1L << 40);
            StoredMessageEncoder.putStoreTimestamp(segment, 100, 123456789L);
            StoredMessageEncoder.putStoreHost(segment, 100, storeAddress, 10911);
            StoredMessageEncoder.putBodyCrc(segment, 100, sample.bodyCrc());
            ByteBuffer nio = segment.nioBuffer(100, length);
            MessageExt apache = MessageDecoder.decode(nio, true, false, false, false, true);
            assertThat(apache.getQueueOffset()).isEqualTo(42);
            assertThat(apache.getCommitLogOffset()).isEqualTo(1L << 40);
            assertThat(apache.getStoreTimestamp()).isEqualTo(123456789L);
            assertThat(apache.getStoreHost()).isEqualTo(SampleMessage.socket(storeAddress, 10911));
            StoredMessageFlyweight flyweight =
                    new StoredMessageFlyweight().wrap(segment, 100, 100 + length);
            assertThat(OffsetMessageId.of(flyweight)).isEqualTo(apache.getMsgId());
            assertThat(flyweight.bodyCrcMatches(new BodyCrc())).isTrue();
            flyweight.queueOffset(43);
            flyweight.physicalOffset(7);
            flyweight.storeTimestamp(8);
            flyweight.bodyCrc(9);
            assertThat(flyweight.queueOffset()).isEqualTo(43);
            assertThat(flyweight.physicalOffset()).isEqualTo(7);
            assertThat(flyweight.storeTimestamp()).isEqualTo(8);
            assertThat(flyweight.bodyCrc()).isEqualTo(9);
            assertThat(flyweight.bodyCrcMatches(new BodyCrc())).isFalse();
            assertThatThrownBy(
                            () -> StoredMessageEncoder.putStoreHost(segment, 100, new byte[4], 1))
                    .isInstanceOf(IllegalArgumentException.class);
        } finally {
            segment.release();
        }
    }

    @Test
    void shouldSetHostV6BitsFromAddressLengthsAndClearOnReset() {
        StoredMessageEncoder encoder = new StoredMessageEncoder();
        encoder.sysFlag(MessageDescriptor.FLAG_BORN_HOST_V6).bornHost(new byte[4], 1);
        assertThat(encoder.effectiveSysFlag()).isZero();
        encoder.storeHost(new byte[16], 1);
        assertThat(encoder.effectiveSysFlag()).isEqualTo(MessageDescriptor.FLAG_STORE_HOST_V6);
        assertThat(encoder.reset().effectiveSysFlag()).isZero();
        assertThat(encoder.recordLength()).isEqualTo(MessageDescriptor.MIN_RECORD_LENGTH);
        assertThatThrownBy(() -> encoder.bornHost(new byte[5], 1))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void shouldAcceptPropertiesAsBytes() {
        SampleMessage sample = SampleMessage.random(new Random(20260603));
        ByteBuf expected = sample.bolideRecord();
        ByteBuf props = Unpooled.buffer();
        MessageProperties.encode(sample.properties, props);
        ByteBuf out = Unpooled.buffer();
        sample.fill(new StoredMessageEncoder()).properties(props).encode(out);
        assertThat(out).isEqualTo(expected);
        props.release();
        out.release();
    }
}
