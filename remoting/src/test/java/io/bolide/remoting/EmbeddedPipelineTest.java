package io.bolide.remoting;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.protocol.code.Unserved;
import io.bolide.protocol.frame.CommandEncoder;
import io.bolide.protocol.frame.FrameDescriptor;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.frame.SerializeType;
import io.bolide.testsupport.ApacheOracle;
import io.bolide.testsupport.GoldenFrames;
import io.bolide.testsupport.LeakCheck;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.RejectedExecutionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The server pipeline on an in-memory channel: what a request frame gets back, and how a malformed
 * frame closes the connection with one log line naming the peer. No sockets, no threads.
 */
@ExtendWith(LeakCheck.class)
class EmbeddedPipelineTest {
    private static final String HANDLER_LOG = "io.bolide.remoting.ConnectionHandler";
    private static final int MAX_FRAME = 64 * 1024;
    private static final int FAILING = 101;
    private static final int BUSY = 102;
    private static final int ONEWAY = 103;

    private EmbeddedServer server;

    @BeforeEach
    void open() {
        RecordingAppender.clear(HANDLER_LOG);
        server =
                new EmbeddedServer(RemotingServerConfig.builder().maxFrame(MAX_FRAME).build())
                        .register(Echo.CODE, Echo.HANDLER)
                        .register(
                                FAILING,
                                (request, exchange) -> {
                                    throw new IllegalStateException("handler bug");
                                })
                        .register(ONEWAY, (request, exchange) -> {})
                        .register(
                                BUSY,
                                Echo.HANDLER,
                                task -> {
                                    throw new RejectedExecutionException("full");
                                });
    }

    @AfterEach
    void close() {
        server.close();
    }

    static byte[] frame(SerializeType type, int code, int opaque, int flag, String body) {
        ByteBuf out = Unpooled.buffer();
        CommandEncoder.encodeWithBody(
                out,
                type,
                code,
                opaque,
                flag,
                null,
                Echo.headerOf(Map.of("topic", "TopicTest", "queueId", "2")),
                Unpooled.copiedBuffer(body, StandardCharsets.UTF_8));
        byte[] bytes = ByteBufUtil.getBytes(out);
        out.release();
        return bytes;
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldAnswerAHandlersResponseInTheRequestsSerialization(SerializeType type) {
        server.writeInbound(frame(type, Echo.CODE, 42, 0, "hello"));
        RemotingCommand response = server.readResponse();
        try {
            assertThat(response.isResponse()).isTrue();
            assertThat(response.code()).isZero();
            assertThat(response.opaque()).isEqualTo(42);
            assertThat(response.serializeType()).isEqualTo(type);
            assertThat(response.extFieldMap())
                    .containsEntry("topic", "TopicTest")
                    .containsEntry("queueId", "2");
            assertThat(Echo.text(response)).isEqualTo("hello");
        } finally {
            response.release();
        }
        assertThat(server.readOutbound()).as("one response per request").isNull();
        assertThat(server.isOpen()).isTrue();
        assertThat(server.server().requestsInFlight()).isZero();
    }

    @Test
    void shouldServeTheOfficialClientsFramesAndAnswerInAFormItReads() throws Exception {
        org.apache.rocketmq.remoting.protocol.RemotingCommand request =
                GoldenFrames.request(Echo.CODE, 7, null, "golden".getBytes(StandardCharsets.UTF_8));
        request.addExtField("topic", "TopicTest");
        for (byte[] golden : List.of(GoldenFrames.json(request), GoldenFrames.rocketmq(request))) {
            byte[] answer = server.call(golden);
            org.apache.rocketmq.remoting.protocol.RemotingCommand back =
                    ApacheOracle.decode(answer);
            assertThat(back.isResponseType()).isTrue();
            assertThat(back.getOpaque()).isEqualTo(7);
            assertThat(back.getSerializeTypeCurrentRPC().getCode()).isEqualTo(golden[4]);
            assertThat(back.getExtFields()).containsEntry("topic", "TopicTest");
            assertThat(new String(back.getBody(), StandardCharsets.UTF_8)).isEqualTo("golden");
        }
    }

    @Test
    void shouldAnswerAnUnknownCodeWithRequestCodeNotSupported() {
        server.writeInbound(frame(SerializeType.JSON, 999, 5, 0, ""));
        RemotingCommand response = server.readResponse();
        try {
            assertThat(response.code()).isEqualTo(ResponseCodes.REQUEST_CODE_NOT_SUPPORTED);
            assertThat(response.opaque()).isEqualTo(5);
            assertThat(response.remark()).contains("999").contains("not supported");
        } finally {
            response.release();
        }
        assertThat(server.isOpen()).isTrue();
    }

    @Test
    void shouldSayWhyAKnownUnservedCodeIsRefused() {
        // 354 CHECK_ROCKSDB_CQ_WRITE_PROGRESS: a reference code Bolide refuses on purpose.
        server.writeInbound(frame(SerializeType.JSON, 354, 8, 0, ""));
        RemotingCommand response = server.readResponse();
        try {
            assertThat(response.code()).isEqualTo(ResponseCodes.REQUEST_CODE_NOT_SUPPORTED);
            assertThat(response.remark())
                    .isEqualTo(" request type 354 not supported: " + Unserved.ROCKSDB);
        } finally {
            response.release();
        }
    }

    @Test
    void shouldAnswerAThrowingHandlerWithSystemErrorAndKeepServing() {
        server.writeInbound(frame(SerializeType.ROCKETMQ, FAILING, 6, 0, ""));
        RemotingCommand failed = server.readResponse();
        try {
            assertThat(failed.code()).isEqualTo(ResponseCodes.SYSTEM_ERROR);
            assertThat(failed.opaque()).isEqualTo(6);
        } finally {
            failed.release();
        }
        assertThat(server.call(frame(SerializeType.JSON, Echo.CODE, 7, 0, "next"))).isNotNull();
        assertThat(server.isOpen()).isTrue();
    }

    @Test
    void shouldAnswerSystemBusyWhenTheHandlersExecutorIsFull() {
        server.writeInbound(frame(SerializeType.JSON, BUSY, 8, 0, "x"));
        RemotingCommand response = server.readResponse();
        try {
            assertThat(response.code()).isEqualTo(ResponseCodes.SYSTEM_BUSY);
            assertThat(response.remark()).contains("OVERLOAD");
        } finally {
            response.release();
        }
        assertThat(server.server().requestsInFlight()).isZero();
    }

    @Test
    void shouldNotAnswerAOnewayRequest() {
        server.writeInbound(frame(SerializeType.JSON, ONEWAY, 9, FrameDescriptor.FLAG_ONEWAY, ""));
        assertThat(server.readOutbound()).isNull();
        assertThat(server.server().requestsInFlight()).isZero();
        assertThat(server.isOpen()).isTrue();
    }

    @Test
    void shouldFrameRequestsWhateverTheReadBoundaries() {
        byte[] first = frame(SerializeType.JSON, Echo.CODE, 1, 0, "one");
        byte[] second = frame(SerializeType.ROCKETMQ, Echo.CODE, 2, 0, "two");
        byte[] both = Arrays.copyOf(first, first.length + second.length);
        System.arraycopy(second, 0, both, first.length, second.length);
        int cut = first.length + 3; // inside the second frame's length field
        server.writeInbound(Arrays.copyOfRange(both, 0, cut));
        assertThat(opaqueOf(server.readOutboundBytes())).isEqualTo(1);
        assertThat(server.readOutbound()).as("half a frame is not answered").isNull();
        server.writeInbound(Arrays.copyOfRange(both, cut, both.length));
        assertThat(opaqueOf(server.readOutboundBytes())).isEqualTo(2);
    }

    private static int opaqueOf(byte[] frame) {
        try {
            return ApacheOracle.decode(frame).getOpaque();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void shouldCloseAnOversizedFrameBeforeItArrives() {
        // Only the length field is sent: the server must not wait for 64 KiB it will refuse.
        assertClosedAsMalformed(ByteBuffer.allocate(8).putInt(MAX_FRAME).putInt(0).array());
    }

    @Test
    void shouldCloseAFrameWhoseLengthCannotHoldAHeader() {
        assertClosedAsMalformed(ByteBuffer.allocate(8).putInt(2).putInt(0).array());
    }

    @Test
    void shouldCloseANegativeFrameLength() {
        // as a sign bit flipped in transit would make it
        assertClosedAsMalformed(ByteBuffer.allocate(8).putInt(-1).putInt(0).array());
    }

    @Test
    void shouldCloseAHeaderLengthBeyondTheFrame() {
        assertClosedAsMalformed(ByteBuffer.allocate(12).putInt(8).putInt(100).putInt(0).array());
    }

    @Test
    void shouldCloseAnUnknownSerializeType() {
        assertClosedAsMalformed(
                ByteBuffer.allocate(12).putInt(8).putInt(5 << 24).putInt(0).array());
    }

    @Test
    void shouldCloseAMalformedJsonHeader() {
        assertClosedAsMalformed(
                ByteBuffer.allocate(12).putInt(8).putInt(4).put("{x:}".getBytes()).array());
        RecordingAppender.clear(HANDLER_LOG);
        server.close();
        server = new EmbeddedServer().register(Echo.CODE, Echo.HANDLER);
        byte[] notAnObject = frame(SerializeType.JSON, Echo.CODE, 1, 0, "b");
        notAnObject[8] = '['; // the header must be a JSON object
        assertClosedAsMalformed(notAnObject);
    }

    @Test
    void shouldCloseANegativeBinaryRemarkLength() {
        assertClosedAsMalformed(
                ByteBuffer.allocate(29)
                        .putInt(25)
                        .putInt((1 << 24) | 21)
                        .put(new byte[13])
                        .putInt(-5)
                        .putInt(0)
                        .array());
    }

    @Test
    void shouldNotServeWhatFollowsAMalformedFrameInTheSameRead() {
        byte[] bad = ByteBuffer.allocate(8).putInt(-1).putInt(0).array();
        byte[] good = frame(SerializeType.JSON, Echo.CODE, 3, 0, "late");
        byte[] both = Arrays.copyOf(bad, bad.length + good.length);
        System.arraycopy(good, 0, both, bad.length, good.length);
        assertClosedAsMalformed(both);
    }

    private void assertClosedAsMalformed(byte[] bytes) {
        server.writeInbound(bytes);
        assertThat(server.readOutbound()).as("no answer to a malformed frame").isNull();
        assertThat(server.isOpen()).isFalse();
        List<String> lines = RecordingAppender.messages(HANDLER_LOG, "");
        assertThat(lines).hasSize(1);
        assertThat(lines.get(0)).contains(server.peer()).contains("malformed frame");
    }
}
