package io.bolide.namesrv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bolide.protocol.body.DataVersion;
import io.bolide.protocol.body.RegisterBrokerBody;
import io.bolide.protocol.body.TopicConfig;
import io.bolide.protocol.body.TopicFilterType;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.bolide.testsupport.LeakCheck;
import io.netty.buffer.Unpooled;
import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import org.apache.rocketmq.remoting.protocol.body.TopicConfigAndMappingSerializeWrapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Compressed registrations as the reference's broker writes them. */
@ExtendWith(LeakCheck.class)
class CompressedRegisterBodyTest {
    private static final int LIMIT = 1 << 20;

    private static byte[] apacheCompressed() {
        org.apache.rocketmq.common.TopicConfig plain =
                new org.apache.rocketmq.common.TopicConfig("TopicTest", 4, 2, 6);
        org.apache.rocketmq.common.TopicConfig tagged =
                new org.apache.rocketmq.common.TopicConfig("Typed", 8, 8, 7);
        tagged.setAttributes(Map.of("+message.type", "FIFO"));
        TopicConfigAndMappingSerializeWrapper wrapper = new TopicConfigAndMappingSerializeWrapper();
        wrapper.getTopicConfigTable().put(plain.getTopicName(), plain);
        wrapper.getTopicConfigTable().put(tagged.getTopicName(), tagged);
        wrapper.getDataVersion().setTimestamp(1234);
        wrapper.getDataVersion().getCounter().set(5);
        org.apache.rocketmq.remoting.protocol.body.RegisterBrokerBody body =
                new org.apache.rocketmq.remoting.protocol.body.RegisterBrokerBody();
        body.setTopicConfigSerializeWrapper(wrapper);
        body.setFilterServerList(List.of("10.0.0.1:30000"));
        return body.encode(true);
    }

    @Test
    void shouldReadTopicsVersionAndFiltersOfApacheCompressedBody() {
        RegisterBrokerBody body =
                CompressedRegisterBody.decode(Unpooled.wrappedBuffer(apacheCompressed()), LIMIT);

        assertThat(body.topicConfigSerializeWrapper().dataVersion())
                .isEqualTo(new DataVersion(0, 1234, 5));
        Map<String, TopicConfig> topics = body.topicConfigSerializeWrapper().topicConfigTable();
        assertThat(topics).containsOnlyKeys("TopicTest", "Typed");
        TopicConfig plain = topics.get("TopicTest");
        assertThat(plain.readQueueNums()).isEqualTo(4);
        assertThat(plain.writeQueueNums()).isEqualTo(2);
        assertThat(plain.perm()).isEqualTo(6);
        assertThat(plain.topicFilterType()).isEqualTo(TopicFilterType.SINGLE_TAG);
        assertThat(topics.get("Typed").attributes())
                .containsExactly(Map.entry("+message.type", "FIFO"));
        assertThat(body.filterServerList()).containsExactly("10.0.0.1:30000");
    }

    @Test
    void shouldRejectTruncatedBody() {
        byte[] whole = apacheCompressed();
        byte[] cut = Arrays.copyOf(whole, whole.length / 2);

        assertThatThrownBy(() -> CompressedRegisterBody.decode(Unpooled.wrappedBuffer(cut), LIMIT))
                .isInstanceOf(ProtocolDecodeException.class);
    }

    @Test
    void shouldRejectGarbage() {
        byte[] garbage = {1, 2, 3, 4, 5, 6, 7, 8};

        assertThatThrownBy(
                        () -> CompressedRegisterBody.decode(Unpooled.wrappedBuffer(garbage), LIMIT))
                .isInstanceOf(ProtocolDecodeException.class);
    }

    @Test
    void shouldStopInflatingAtTheLimit() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DeflaterOutputStream out =
                new DeflaterOutputStream(bytes, new Deflater(Deflater.BEST_COMPRESSION))) {
            out.write(new byte[LIMIT * 4]);
        }

        assertThatThrownBy(
                        () ->
                                CompressedRegisterBody.decode(
                                        Unpooled.wrappedBuffer(bytes.toByteArray()), LIMIT))
                .isInstanceOf(ProtocolDecodeException.class)
                .hasMessageContaining("beyond");
    }

    @Test
    void shouldRejectLengthLongerThanWhatFollows() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DeflaterOutputStream out = new DeflaterOutputStream(bytes)) {
            out.write(new byte[] {0x7f, 0, 0, 0, '{', '}'});
        }

        assertThatThrownBy(
                        () ->
                                CompressedRegisterBody.decode(
                                        Unpooled.wrappedBuffer(bytes.toByteArray()), LIMIT))
                .isInstanceOf(ProtocolDecodeException.class);
    }

    @Test
    void shouldParseTopicTextWithoutAttributes() {
        TopicConfig topic = CompressedRegisterBody.topic("T 1 2 4 MULTI_TAG");

        assertThat(topic.topicName()).isEqualTo("T");
        assertThat(topic.readQueueNums()).isEqualTo(1);
        assertThat(topic.writeQueueNums()).isEqualTo(2);
        assertThat(topic.perm()).isEqualTo(4);
        assertThat(topic.topicFilterType()).isEqualTo(TopicFilterType.MULTI_TAG);
        assertThat(topic.attributes()).isEmpty();
    }
}
