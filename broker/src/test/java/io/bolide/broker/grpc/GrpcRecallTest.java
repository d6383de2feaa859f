package io.bolide.broker.grpc;

import static io.bolide.broker.grpc.GrpcCalls.name;
import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.grpc.v2.Code;
import io.bolide.grpc.v2.Message;
import io.bolide.grpc.v2.MessageType;
import io.bolide.grpc.v2.MessagingServiceMethods;
import io.bolide.grpc.v2.RecallMessageRequest;
import io.bolide.grpc.v2.RecallMessageResponse;
import io.bolide.grpc.v2.SendMessageRequest;
import io.bolide.grpc.v2.SendMessageResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * RecallMessage: a DELAY message's send answers a recall handle, the recall of it answers the
 * message's id, and a handle that is garbage is refused with a status saying so.
 */
class GrpcRecallTest {
    private static final String TOPIC = "GrpcRecall";

    @TempDir Path dir;
    private GrpcTestBroker grpc;

    @BeforeEach
    void start() throws Exception {
        grpc =
                GrpcTestBroker.start(
                        dir, Map.of("recallMessageEnable", "true", "timerPrecisionMs", "100"));
        grpc.createTopic(TOPIC);
    }

    @AfterEach
    void stop() {
        grpc.close();
    }

    @Test
    void shouldRecallADelayedMessageByItsHandleAndRefuseGarbage() {
        Message plain =
                GrpcCalls.message(
                        TOPIC, "R1", "T", Map.of(), "later".getBytes(StandardCharsets.UTF_8));
        Message delayed =
                plain.toBuilder()
                        .setSystemProperties(
                                plain.getSystemProperties().toBuilder()
                                        .setMessageType(MessageType.DELAY)
                                        .setDeliveryTimestamp(
                                                Times.timestamp(
                                                        System.currentTimeMillis() + 600_000)))
                        .build();
        SendMessageResponse sent =
                GrpcCalls.call(
                        grpc.channel,
                        MessagingServiceMethods.SEND_MESSAGE,
                        SendMessageRequest.newBuilder().addMessages(delayed).build());
        assertThat(sent.getStatus().getCode()).isEqualTo(Code.OK);
        String handle = sent.getEntries(0).getRecallHandle();
        assertThat(handle).isNotEmpty();

        RecallMessageResponse recalled = recall(handle);
        assertThat(recalled.getStatus().getCode())
                .as(recalled.getStatus().getMessage())
                .isEqualTo(Code.OK);
        assertThat(recalled.getMessageId()).isEqualTo("R1");

        RecallMessageResponse garbage = recall("not-a-handle");
        assertThat(garbage.getStatus().getCode()).isEqualTo(Code.BAD_REQUEST);
        assertThat(garbage.getStatus().getMessage()).contains("recall handle is invalid");
        assertThat(recall("").getStatus().getCode()).isEqualTo(Code.BAD_REQUEST);
    }

    private RecallMessageResponse recall(String handle) {
        return GrpcCalls.call(
                grpc.channel,
                MessagingServiceMethods.RECALL_MESSAGE,
                RecallMessageRequest.newBuilder()
                        .setTopic(name(TOPIC))
                        .setRecallHandle(handle)
                        .build());
    }
}
