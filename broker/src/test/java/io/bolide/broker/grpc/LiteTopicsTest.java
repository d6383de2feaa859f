package io.bolide.broker.grpc;

import static io.bolide.broker.grpc.GrpcCalls.name;
import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.ApacheCalls;
import io.bolide.grpc.v2.Code;
import io.bolide.grpc.v2.LiteSubscriptionAction;
import io.bolide.grpc.v2.Message;
import io.bolide.grpc.v2.MessageType;
import io.bolide.grpc.v2.MessagingServiceMethods;
import io.bolide.grpc.v2.ReceiveMessageResponse;
import io.bolide.grpc.v2.SendMessageRequest;
import io.bolide.grpc.v2.SendMessageResponse;
import io.bolide.grpc.v2.SyncLiteSubscriptionRequest;
import io.bolide.grpc.v2.SyncLiteSubscriptionResponse;
import io.bolide.protocol.code.RequestCode;
import io.grpc.Channel;
import io.grpc.ClientInterceptors;
import io.grpc.Metadata;
import io.grpc.stub.MetadataUtils;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.rocketmq.remoting.protocol.header.CreateTopicRequestHeader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Lite topics over raw gRPC calls, as the SDK's LitePushConsumer makes them: a client subscribes to
 * lite topics of a LITE parent topic, receives on the parent topic exactly the messages sent to its
 * lite topics, acknowledges them by lite topic, and after unsubscribing receives nothing more. Bad
 * input gets the reference's statuses.
 */
class LiteTopicsTest {
    private static final String PARENT = "LiteParent";
    private static final String GROUP = "LiteGroup";

    @TempDir Path dir;
    private GrpcTestBroker grpc;
    private Channel client;

    @BeforeEach
    void start() throws Exception {
        grpc = GrpcTestBroker.start(dir);
        createLiteTopic(PARENT);
        grpc.createTopic("PlainTopic");
        Metadata headers = new Metadata();
        headers.put(
                Metadata.Key.of("x-mq-client-id", Metadata.ASCII_STRING_MARSHALLER), "client-1");
        client =
                ClientInterceptors.intercept(
                        grpc.channel, MetadataUtils.newAttachHeadersInterceptor(headers));
    }

    @AfterEach
    void stop() {
        grpc.close();
    }

    @Test
    void shouldDeliverSubscribedLiteTopicsOnceAndStopAfterUnsubscribe() {
        assertThat(sync(LiteSubscriptionAction.PARTIAL_ADD, PARENT, "a", "b").getStatus().getCode())
                .isEqualTo(Code.OK);
        for (int i = 0; i < 3; i++) {
            assertThat(send("a", "A" + i).getStatus().getCode()).isEqualTo(Code.OK);
            assertThat(send("b", "B" + i).getStatus().getCode()).isEqualTo(Code.OK);
            assertThat(send("c", "C" + i).getStatus().getCode()).isEqualTo(Code.OK);
        }
        Map<String, String> got = new HashMap<>();
        for (ReceiveMessageResponse r : receive()) {
            Message m = r.getMessage();
            assertThat(m.getTopic().getName()).isEqualTo(PARENT);
            assertThat(m.getSystemProperties().getMessageType()).isEqualTo(MessageType.LITE);
            assertThat(got.put(m.getSystemProperties().getMessageId(), liteOf(m))).isNull();
            ack(m);
        }
        assertThat(got)
                .containsOnly(
                        Map.entry("A0", "a"),
                        Map.entry("A1", "a"),
                        Map.entry("A2", "a"),
                        Map.entry("B0", "b"),
                        Map.entry("B1", "b"),
                        Map.entry("B2", "b"));
        assertThat(receive()).isEmpty();

        assertThat(sync(LiteSubscriptionAction.PARTIAL_REMOVE, PARENT, "a").getStatus().getCode())
                .isEqualTo(Code.OK);
        send("a", "A3");
        send("b", "B3");
        List<ReceiveMessageResponse> after = receive();
        assertThat(after).hasSize(1);
        assertThat(after.get(0).getMessage().getSystemProperties().getMessageId()).isEqualTo("B3");
        ack(after.get(0).getMessage());

        // Subscribing to "c" later still finds what was stored in it before.
        sync(LiteSubscriptionAction.COMPLETE_ADD, PARENT, "c");
        assertThat(receive()).hasSize(3);
    }

    @Test
    void shouldRefuseBadLiteInputWithTheReferenceStatuses() {
        assertThat(
                        sync(LiteSubscriptionAction.PARTIAL_ADD, "NoSuchTopic", "a")
                                .getStatus()
                                .getCode())
                .isEqualTo(Code.TOPIC_NOT_FOUND);
        assertThat(
                        sync(LiteSubscriptionAction.PARTIAL_ADD, "PlainTopic", "a")
                                .getStatus()
                                .getCode())
                .isEqualTo(Code.ILLEGAL_TOPIC);
        assertThat(
                        sync(LiteSubscriptionAction.PARTIAL_ADD, PARENT, "bad$name")
                                .getStatus()
                                .getCode())
                .isEqualTo(Code.ILLEGAL_LITE_TOPIC);
        assertThat(send("bad name", "X").getStatus().getCode()).isEqualTo(Code.ILLEGAL_LITE_TOPIC);
        String[] many = new String[2001];
        for (int i = 0; i < many.length; i++) {
            many[i] = "t" + i;
        }
        SyncLiteSubscriptionResponse over = sync(LiteSubscriptionAction.COMPLETE_ADD, PARENT, many);
        assertThat(over.getStatus().getCode()).isEqualTo(Code.LITE_SUBSCRIPTION_QUOTA_EXCEEDED);
        // Nothing changed: the broker still serves and the client reads nothing.
        send("t1", "T1");
        assertThat(receive()).isEmpty();
    }

    private String liteOf(Message m) {
        return m.getSystemProperties().getLiteTopic();
    }

    private SyncLiteSubscriptionResponse sync(
            LiteSubscriptionAction action, String topic, String... lites) {
        return GrpcCalls.call(
                client,
                MessagingServiceMethods.SYNC_LITE_SUBSCRIPTION,
                SyncLiteSubscriptionRequest.newBuilder()
                        .setAction(action)
                        .setTopic(name(topic))
                        .setGroup(name(GROUP))
                        .addAllLiteTopicSet(List.of(lites))
                        .build());
    }

    private SendMessageResponse send(String lite, String id) {
        Message plain =
                GrpcCalls.message(PARENT, id, "T", Map.of(), id.getBytes(StandardCharsets.UTF_8));
        Message message =
                plain.toBuilder()
                        .setSystemProperties(
                                plain.getSystemProperties().toBuilder()
                                        .setMessageType(MessageType.LITE)
                                        .setLiteTopic(lite))
                        .build();
        return GrpcCalls.call(
                client,
                MessagingServiceMethods.SEND_MESSAGE,
                SendMessageRequest.newBuilder().addMessages(message).build());
    }

    private List<ReceiveMessageResponse> receive() {
        return GrpcCalls.received(
                GrpcCalls.receive(client, GrpcCalls.receiveRequest(GROUP, PARENT, 32, 30, 0), 10));
    }

    private void ack(Message m) {
        var request = GrpcCalls.ack(GROUP, PARENT, m);
        var entry = request.getEntries(0).toBuilder().setLiteTopic(liteOf(m)).build();
        var answer =
                GrpcCalls.call(
                        client,
                        MessagingServiceMethods.ACK_MESSAGE,
                        request.toBuilder().setEntries(0, entry).build());
        assertThat(answer.getStatus().getCode()).isEqualTo(Code.OK);
    }

    private void createLiteTopic(String topic) throws Exception {
        try (ApacheCalls apache = grpc.remoting()) {
            CreateTopicRequestHeader create = new CreateTopicRequestHeader();
            create.setTopic(topic);
            create.setDefaultTopic("TBW102");
            create.setReadQueueNums(1);
            create.setWriteQueueNums(1);
            create.setPerm(6);
            create.setTopicFilterType("SINGLE_TAG");
            create.setTopicSysFlag(0);
            create.setOrder(false);
            create.setAttributes("+message.type=LITE");
            assertThat(apache.call(RequestCode.UPDATE_AND_CREATE_TOPIC, create, null).getCode())
                    .isZero();
        }
    }
}
