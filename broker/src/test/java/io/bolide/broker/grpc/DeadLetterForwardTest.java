package io.bolide.broker.grpc;

import static io.bolide.broker.grpc.GrpcCalls.name;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.bolide.grpc.v2.Code;
import io.bolide.grpc.v2.ForwardMessageToDeadLetterQueueRequest;
import io.bolide.grpc.v2.Message;
import io.bolide.grpc.v2.MessageType;
import io.bolide.grpc.v2.MessagingServiceMethods;
import io.bolide.grpc.v2.ReceiveMessageRequest;
import io.bolide.grpc.v2.ReceiveMessageResponse;
import io.bolide.grpc.v2.SendMessageRequest;
import io.bolide.grpc.v2.SendMessageResponse;
import io.bolide.grpc.v2.SystemProperties;
import io.bolide.testsupport.Await;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ForwardMessageToDeadLetterQueue: the message lands in the group's {@code %DLQ%} topic (through
 * the remoting send-back handler) and its delivery is acknowledged, so it never comes back.
 */
class DeadLetterForwardTest {
    private static final String TOPIC = "DlqSource";
    private static final String GROUP = "dlq-group";

    @TempDir Path dir;
    private GrpcTestBroker grpc;

    @BeforeEach
    void start() throws Exception {
        grpc = GrpcTestBroker.start(dir);
        grpc.createTopic(TOPIC);
    }

    @AfterEach
    void stop() {
        grpc.close();
    }

    @Test
    void shouldMoveAForwardedMessageToTheGroupsDeadLetterTopicAndNeverRedeliverIt() {
        SendMessageResponse sent = send("given up on");
        assertThat(sent.getStatus().getCode()).isEqualTo(Code.OK);
        List<Message> first = receive(GROUP, TOPIC, 1);
        assertThat(first).hasSize(1);
        Message message = first.get(0);

        var answer =
                GrpcCalls.call(
                        grpc.channel,
                        MessagingServiceMethods.FORWARD_MESSAGE_TO_DEAD_LETTER_QUEUE,
                        ForwardMessageToDeadLetterQueueRequest.newBuilder()
                                .setGroup(name(GROUP))
                                .setTopic(name(TOPIC))
                                .setReceiptHandle(message.getSystemProperties().getReceiptHandle())
                                .setMessageId(message.getSystemProperties().getMessageId())
                                .setDeliveryAttempt(1)
                                .setMaxDeliveryAttempts(16)
                                .build());
        assertThat(answer.getStatus().getCode()).isEqualTo(Code.OK);

        List<Message> dead = new ArrayList<>();
        Await.until(
                Duration.ofSeconds(30),
                () -> dead.addAll(receive("dlq-reader", "%DLQ%" + GROUP, 1)) || !dead.isEmpty(),
                "the message in %DLQ%" + GROUP);
        assertThat(dead.get(0).getBody().toStringUtf8()).isEqualTo("given up on");
        assertThat(dead.get(0).getSystemProperties().getMessageId())
                .isEqualTo(message.getSystemProperties().getMessageId());
        // Acknowledged by the forward: past its 1 s invisible time it is not delivered again.
        assertThat(receive(GROUP, TOPIC, 3)).isEmpty();
    }

    private SendMessageResponse send(String body) {
        return GrpcCalls.call(
                grpc.channel,
                MessagingServiceMethods.SEND_MESSAGE,
                SendMessageRequest.newBuilder()
                        .addMessages(
                                Message.newBuilder()
                                        .setTopic(name(TOPIC))
                                        .setSystemProperties(
                                                SystemProperties.newBuilder()
                                                        .setMessageId("01DLQ0001")
                                                        .setMessageType(MessageType.NORMAL))
                                        .setBody(ByteString.copyFromUtf8(body)))
                        .build());
    }

    /** One receive, invisible 1 s, waiting up to {@code pollSeconds} for a message. */
    private List<Message> receive(String group, String topic, int pollSeconds) {
        ReceiveMessageRequest request = GrpcCalls.receiveRequest(group, topic, 8, 1, pollSeconds);
        return GrpcCalls.received(GrpcCalls.receive(grpc.channel, request, pollSeconds + 10))
                .stream()
                .map(ReceiveMessageResponse::getMessage)
                .toList();
    }
}
