package io.bolide.protocol.message;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageAccessor;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.junit.jupiter.api.Test;

class BatchBodyDecoderTest {
    @Test
    void shouldDecodeApacheBatchBodiesIntoPerMessageViews() {
        Random random = new Random(20260201);
        for (int round = 0; round < 100; round++) {
            List<Message> messages = new ArrayList<>();
            int count = 1 + random.nextInt(20);
            for (int i = 0; i < count; i++) {
                SampleMessage sample = SampleMessage.random(random);
                Message message = new Message("Batch", sample.body);
                message.setFlag(sample.flag);
                MessageAccessor.setProperties(message, sample.properties);
                messages.add(message);
            }
            ByteBuf body = Unpooled.wrappedBuffer(MessageDecoder.encodeMessages(messages));
            BatchBodyDecoder decoder = new BatchBodyDecoder().reset(body);
            for (int i = 0; i < count; i++) {
                Message expected = messages.get(i);
                assertThat(decoder.next()).isTrue();
                assertThat(decoder.entryIndex()).isEqualTo(i);
                assertThat(decoder.flag()).isEqualTo(expected.getFlag());
                assertThat(ByteBufUtil.getBytes(decoder.body())).isEqualTo(expected.getBody());
                assertThat(decoder.propertyMap()).isEqualTo(expected.getProperties());
                assertThat(decoder.property(MessageProperty.TAGS_BYTES))
                        .isEqualTo(expected.getProperties().get(MessageProperty.TAGS));
                assertThat(decoder.tagsCode())
                        .isEqualTo(TagsCode.of(expected.getProperties().get("TAGS")));
            }
            assertThat(decoder.next()).isFalse();
        }
    }

    @Test
    void shouldEncodeBatchBodiesByteForByteAsApache() throws Exception {
        Random random = new Random(20260202);
        List<Message> messages = new ArrayList<>();
        ByteBuf bolide = Unpooled.wrappedBuffer(new byte[1 << 20]).clear();
        for (int i = 0; i < 30; i++) {
            SampleMessage sample = SampleMessage.random(random);
            Message message = new Message("Batch", sample.body);
            message.setFlag(sample.flag);
            MessageAccessor.setProperties(message, sample.properties);
            messages.add(message);
            String properties = MessageProperties.toText(sample.properties);
            BatchBodyEncoder.encode(
                    bolide, sample.flag, Unpooled.wrappedBuffer(sample.body), properties);
        }
        assertThat(ByteBufUtil.getBytes(bolide)).isEqualTo(MessageDecoder.encodeMessages(messages));
        List<Message> decoded = MessageDecoder.decodeMessages(bolide.nioBuffer());
        assertThat(decoded).hasSize(messages.size());
        for (int i = 0; i < messages.size(); i++) {
            assertThat(decoded.get(i).getBody()).isEqualTo(messages.get(i).getBody());
            assertThat(decoded.get(i).getProperties()).isEqualTo(messages.get(i).getProperties());
        }
    }

    @Test
    void shouldRejectTruncatedAndInconsistentEntries() {
        Message message = new Message("Batch", "hello".getBytes());
        MessageAccessor.setProperties(message, Map.of("TAGS", "a"));
        byte[] entry = MessageDecoder.encodeMessage(message);
        for (int cut = 1; cut < entry.length; cut++) {
            ByteBuf truncated = Unpooled.wrappedBuffer(entry, 0, cut);
            assertThatThrownBy(() -> new BatchBodyDecoder().reset(truncated).next())
                    .as("cut at %d", cut)
                    .isInstanceOf(ProtocolDecodeException.class);
        }
        for (int field : new int[] {0, 16}) {
            for (int value : new int[] {-1, Integer.MIN_VALUE, Integer.MAX_VALUE, 3}) {
                ByteBuf bad = Unpooled.wrappedBuffer(entry.clone());
                bad.setInt(field, value);
                assertThatThrownBy(() -> new BatchBodyDecoder().reset(bad).next())
                        .isInstanceOf(ProtocolDecodeException.class);
            }
        }
        ByteBuf negativeProperties = Unpooled.wrappedBuffer(entry.clone());
        negativeProperties.setShort(20 + 5, -1);
        assertThatThrownBy(() -> new BatchBodyDecoder().reset(negativeProperties).next())
                .isInstanceOf(ProtocolDecodeException.class);
    }
}
