package io.bolide.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.SerializeType;
import org.junit.jupiter.api.Test;

/** The golden frames are well-formed frames the Apache decoder reads back unchanged. */
class GoldenFramesTest {
    private static final byte[] BODY = "hello".getBytes(StandardCharsets.UTF_8);

    @Test
    void shouldFrameWithLengthFieldAndSerializeTypeByte() {
        for (SerializeType type : SerializeType.values()) {
            byte[] frame = GoldenFrames.bytes(GoldenFrames.request(105, 7, null, BODY), type);
            ByteBuffer wire = ByteBuffer.wrap(frame);
            assertThat(wire.getInt(0)).as("length field").isEqualTo(frame.length - 4);
            assertThat(frame[4]).as("type byte").isEqualTo(type.getCode());
            int headerLength = wire.getInt(4) & 0xFFFFFF;
            assertThat(frame.length - 8 - headerLength).as("body length").isEqualTo(BODY.length);
        }
    }

    @Test
    void shouldDecodeBackToTheSameCommand() throws Exception {
        RemotingCommand request = GoldenFrames.request(105, 7, null, BODY);
        request.addExtField("topic", "TopicTest");
        for (byte[] frame :
                new byte[][] {GoldenFrames.json(request), GoldenFrames.rocketmq(request)}) {
            RemotingCommand back = ApacheOracle.decode(frame);
            assertThat(back.getCode()).isEqualTo(105);
            assertThat(back.getOpaque()).isEqualTo(7);
            assertThat(back.isResponseType()).isFalse();
            assertThat(back.getExtFields()).containsEntry("topic", "TopicTest");
            assertThat(back.getBody()).isEqualTo(BODY);
        }
    }

    @Test
    void shouldMarkResponsesAndKeepTheRemark() throws Exception {
        byte[] frame = GoldenFrames.rocketmq(GoldenFrames.response(1, 9, "boom", null));
        RemotingCommand back = ApacheOracle.decode(frame);
        assertThat(back.isResponseType()).isTrue();
        assertThat(back.getRemark()).isEqualTo("boom");
        assertThat(back.getOpaque()).isEqualTo(9);
    }

    @Test
    void shouldBeDeterministicForTheSameCommand() {
        byte[] first = GoldenFrames.json(GoldenFrames.request(10, 3, null, BODY));
        byte[] second = GoldenFrames.json(GoldenFrames.request(10, 3, null, BODY));
        assertThat(first).isEqualTo(second);
    }

    @Test
    void shouldEncodeTheSameFrameFastOrNot() {
        RemotingCommand command = GoldenFrames.request(10, 3, null, BODY);
        command.setSerializeTypeCurrentRPC(SerializeType.ROCKETMQ);
        ByteBuf slow = ApacheOracle.encode(command, false);
        ByteBuf fast = ApacheOracle.encode(command, true);
        try {
            assertThat(ApacheOracle.bytes(fast)).isEqualTo(ApacheOracle.bytes(slow));
            assertThat(ApacheOracle.bytes(slow)).isEqualTo(GoldenFrames.rocketmq(command));
        } finally {
            slow.release();
            fast.release();
        }
    }
}
