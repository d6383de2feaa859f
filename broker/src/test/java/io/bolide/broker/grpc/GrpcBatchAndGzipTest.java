package io.bolide.broker.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.bolide.broker.ApacheCalls;
import io.bolide.grpc.v2.Code;
import io.bolide.grpc.v2.Encoding;
import io.bolide.grpc.v2.Message;
import io.bolide.grpc.v2.MessagingServiceMethods;
import io.bolide.grpc.v2.ReceiveMessageResponse;
import io.bolide.grpc.v2.SendMessageRequest;
import io.bolide.grpc.v2.SendMessageResponse;
import io.bolide.grpc.v2.SendResultEntry;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;
import org.apache.rocketmq.common.compression.CompressionType;
import org.apache.rocketmq.common.sysflag.MessageSysFlag;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Batch sends (one call, several messages of one topic, one answer each) and GZIP bodies: inflated
 * at the door, a malformed one refused with nothing stored; a body a remoting producer stored
 * compressed goes out inflated, as the reference proxy hands it out.
 */
class GrpcBatchAndGzipTest {
    private static final String TOPIC = "GrpcBatch";

    @TempDir Path dir;
    private GrpcTestBroker grpc;

    @BeforeEach
    void start() throws Exception {
        grpc = GrpcTestBroker.start(dir);
        grpc.createTopic(TOPIC);
        grpc.createTopic("GrpcOther");
    }

    @AfterEach
    void stop() {
        grpc.close();
    }

    @Test
    void shouldStoreABatchTogetherAndAnswerEachMessage() throws Exception {
        SendMessageRequest.Builder batch = SendMessageRequest.newBuilder();
        for (int i = 0; i < 3; i++) {
            batch.addMessages(message(TOPIC, "B" + i, ("b" + i).getBytes(StandardCharsets.UTF_8)));
        }
        SendMessageResponse answer = send(batch.build());
        assertThat(answer.getStatus().getCode()).isEqualTo(Code.OK);
        assertThat(answer.getEntriesList())
                .extracting(SendResultEntry::getMessageId)
                .containsExactly("B0", "B1", "B2");
        assertThat(answer.getEntriesList())
                .extracting(SendResultEntry::getOffset)
                .containsExactly(0L, 1L, 2L);
        // Stored together, dispatched one entry at a time: a receive may wake at the first.
        try (ApacheCalls apache = grpc.remoting()) {
            apache.awaitDispatched(TOPIC, 0, 3);
        }
        List<ReceiveMessageResponse> got = receiveAll(3);
        assertThat(got)
                .extracting(r -> r.getMessage().getSystemProperties().getMessageId())
                .containsExactlyInAnyOrder("B0", "B1", "B2");

        SendMessageRequest mixed =
                SendMessageRequest.newBuilder()
                        .addMessages(message(TOPIC, "X1", new byte[] {1}))
                        .addMessages(message("GrpcOther", "X2", new byte[] {2}))
                        .build();
        assertThat(send(mixed).getStatus().getCode()).isEqualTo(Code.MESSAGE_CORRUPTED);
    }

    @Test
    void shouldInflateGzipBodiesAndRefuseMalformedOnesStoringNothing() throws Exception {
        byte[] plain = "a GZIP body, inflated at the door".getBytes(StandardCharsets.UTF_8);
        SendMessageResponse bad = send(one(gzipped(message(TOPIC, "G0", new byte[] {1, 2, 3}))));
        assertThat(bad.getStatus().getCode()).isEqualTo(Code.MESSAGE_CORRUPTED);
        assertThat(bad.getStatus().getMessage()).contains("G0", "not a GZIP stream");
        // The same channel serves on; only the good message is stored.
        SendMessageResponse good = send(one(gzipped(message(TOPIC, "G1", gzip(plain)))));
        assertThat(good.getStatus().getCode()).isEqualTo(Code.OK);
        assertThat(good.getEntries(0).getOffset()).isZero();
        List<ReceiveMessageResponse> got = receiveAll(1);
        Message received = got.get(0).getMessage();
        assertThat(received.getSystemProperties().getMessageId()).isEqualTo("G1");
        assertThat(received.getBody().toByteArray()).isEqualTo(plain);
        assertThat(received.getSystemProperties().getBodyEncoding()).isEqualTo(Encoding.IDENTITY);
    }

    @Test
    void shouldHandOutARemotingProducersCompressedBodyInflated() throws Exception {
        byte[] plain = "x".repeat(8192).getBytes(StandardCharsets.UTF_8);
        try (ApacheCalls apache = grpc.remoting()) {
            SendMessageRequestHeader header = ApacheCalls.sendHeader(TOPIC, 0, "Z");
            header.setSysFlag(
                    MessageSysFlag.COMPRESSED_FLAG | CompressionType.ZLIB.getCompressionFlag());
            assertThat(apache.call(RequestCode.SEND_MESSAGE, header, zlib(plain)).getCode())
                    .isZero();
            apache.awaitDispatched(TOPIC, 0, 1);
        }
        Message received = receiveAll(1).get(0).getMessage();
        assertThat(received.getBody().toByteArray()).isEqualTo(plain);
        assertThat(received.getSystemProperties().getBodyEncoding()).isEqualTo(Encoding.IDENTITY);
        assertThat(received.getSystemProperties().getBodyDigest())
                .isEqualTo(MessageViews.crc32(plain));
    }

    private List<ReceiveMessageResponse> receiveAll(int count) {
        List<ReceiveMessageResponse> got =
                GrpcCalls.received(
                        GrpcCalls.receive(
                                grpc.channel,
                                GrpcCalls.receiveRequest("batch-group", TOPIC, 32, 30, 3),
                                10));
        assertThat(got).hasSize(count);
        return got;
    }

    private static Message message(String topic, String id, byte[] body) {
        return GrpcCalls.message(topic, id, "T", Map.of(), body);
    }

    private static Message gzipped(Message message) {
        return message.toBuilder()
                .setSystemProperties(
                        message.getSystemProperties().toBuilder().setBodyEncoding(Encoding.GZIP))
                .build();
    }

    private static SendMessageRequest one(Message message) {
        return SendMessageRequest.newBuilder().addMessages(message).build();
    }

    private SendMessageResponse send(SendMessageRequest request) {
        return GrpcCalls.call(grpc.channel, MessagingServiceMethods.SEND_MESSAGE, request);
    }

    private static byte[] gzip(byte[] plain) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(plain);
        }
        return out.toByteArray();
    }

    private static byte[] zlib(byte[] plain) {
        Deflater deflater = new Deflater(5);
        deflater.setInput(plain);
        deflater.finish();
        byte[] out = new byte[plain.length + 64];
        int n = deflater.deflate(out);
        deflater.end();
        return java.util.Arrays.copyOf(out, n);
    }

    static ByteString bytes(byte[] b) {
        return ByteString.copyFrom(b);
    }
}
