package io.bolide.broker.grpc;

import static io.bolide.broker.grpc.GrpcCalls.name;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.bolide.grpc.v2.AckMessageRequest;
import io.bolide.grpc.v2.ChangeInvisibleDurationRequest;
import io.bolide.grpc.v2.ClientType;
import io.bolide.grpc.v2.Code;
import io.bolide.grpc.v2.EndTransactionRequest;
import io.bolide.grpc.v2.HeartbeatRequest;
import io.bolide.grpc.v2.Message;
import io.bolide.grpc.v2.MessageType;
import io.bolide.grpc.v2.MessagingServiceMethods;
import io.bolide.grpc.v2.Publishing;
import io.bolide.grpc.v2.QueryAssignmentRequest;
import io.bolide.grpc.v2.QueryRouteRequest;
import io.bolide.grpc.v2.SendMessageRequest;
import io.bolide.grpc.v2.Settings;
import io.bolide.grpc.v2.Status;
import io.bolide.grpc.v2.SystemProperties;
import io.bolide.grpc.v2.TelemetryCommand;
import io.bolide.grpc.v2.TransactionResolution;
import io.bolide.testsupport.Await;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientInterceptors;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.MetadataUtils;
import io.grpc.stub.StreamObserver;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ACL 2.0 on the gRPC port: every call carries the SDK's signature ({@code authorization}, {@code
 * x-mq-date-time}) and is checked on its own against the remoting port's users and ACLs, with the
 * resources and actions the reference proxy asks of each RPC.
 */
class GrpcAuthTest {
    private static final String TOPIC = "GrpcAuth";
    private static final String GROUP = "auth-group";

    @TempDir Path dir;
    private GrpcTestBroker grpc;

    @BeforeEach
    void start() throws Exception {
        Files.createDirectories(dir.resolve("config"));
        Files.writeString(dir.resolve("config/auth.json"), authJson());
        Files.writeString(dir.resolve("config/topics.json"), topicsJson(TOPIC));
        grpc =
                GrpcTestBroker.start(
                        dir,
                        Map.of("authenticationEnabled", "true", "authorizationEnabled", "true"));
    }

    /** alice may publish and consume the topic as GROUP; bob may only consume it. */
    private static String authJson() {
        return """
                {"users":[
                  {"username":"root","password":"root-secret","userType":"Super","userStatus":"enable"},
                  {"username":"alice","password":"alice-secret","userType":"Normal","userStatus":"enable"},
                  {"username":"bob","password":"bob-secret","userType":"Normal","userStatus":"enable"}],
                 "acls":[
                  {"subject":"User:alice","policies":[{"policyType":"Custom","entries":[
                    {"resource":"Topic:%1$s","actions":["Pub","Sub"],"sourceIps":[],"decision":"Allow"},
                    {"resource":"Group:%2$s","actions":["Sub"],"sourceIps":[],"decision":"Allow"}]}]},
                  {"subject":"User:bob","policies":[{"policyType":"Custom","entries":[
                    {"resource":"Topic:%1$s","actions":["Sub"],"sourceIps":[],"decision":"Allow"},
                    {"resource":"Group:%2$s","actions":["Sub"],"sourceIps":[],"decision":"Allow"}]}]}]}
                """
                .formatted(TOPIC, GROUP);
    }

    /** The topic, in the broker's own file: with authentication on, no unsigned admin call. */
    static String topicsJson(String topic) {
        return """
                {"topicConfigTable":{"%1$s":{"topicName":"%1$s","readQueueNums":2,\
                "writeQueueNums":2,"perm":6,"topicFilterType":"SINGLE_TAG","topicSysFlag":0,\
                "order":false,"attributes":{}}}}
                """
                .formatted(topic);
    }

    @AfterEach
    void stop() {
        grpc.close();
    }

    @Test
    void shouldCheckCredentialsOnEveryCallOfOneConnection() {
        Channel alice = signed("alice", "alice-secret");
        assertThat(send(alice).getCode()).isEqualTo(Code.OK);
        Status wrong = send(signed("alice", "not-the-secret"));
        assertThat(wrong.getCode()).isEqualTo(Code.UNAUTHORIZED);
        assertThat(wrong.getMessage()).isEqualTo("check signature failed.");
        assertThat(send(signed("mallory", "any")).getMessage())
                .isEqualTo("User:mallory is not found.");
        assertThat(send(grpc.channel).getMessage()).isEqualTo("username cannot be null.");
        // The same connection, signed again: allowed; nothing was remembered either way.
        assertThat(send(alice).getCode()).isEqualTo(Code.OK);
        assertThat(route(signed("alice", "wrong"))).isEqualTo(Code.UNAUTHORIZED);
        assertThat(route(alice)).isEqualTo(Code.OK);
    }

    @Test
    void shouldAuthorizeEachRpcWithTheReferenceProxysResourcesAndActions() {
        Channel bob = signed("bob", "bob-secret");
        Channel alice = signed("alice", "alice-secret");
        assertThat(route(bob)).isEqualTo(Code.OK); // Pub or Sub on the topic
        Status send = send(bob);
        assertThat(send.getCode()).isEqualTo(Code.UNAUTHORIZED);
        assertThat(send.getMessage())
                .isEqualTo(
                        "User:bob has no permission to access Topic:"
                                + TOPIC
                                + " from 127.0.0.1, no matched policies.");
        assertThat(endTransaction(bob)).isEqualTo(Code.UNAUTHORIZED);
        assertThat(endTransaction(alice)).isEqualTo(Code.INVALID_TRANSACTION_ID);

        assertThat(receive(bob, GROUP)).isEqualTo(Code.MESSAGE_NOT_FOUND);
        assertThat(receive(bob, "other-group")).isEqualTo(Code.UNAUTHORIZED);
        assertThat(ack(bob, "other-group")).isEqualTo(Code.UNAUTHORIZED);
        assertThat(ack(bob, GROUP)).isEqualTo(Code.INVALID_RECEIPT_HANDLE);
        assertThat(change(bob, "other-group")).isEqualTo(Code.UNAUTHORIZED);
        assertThat(change(bob, GROUP)).isEqualTo(Code.INVALID_RECEIPT_HANDLE);
        assertThat(assignment(bob, "other-group")).isEqualTo(Code.UNAUTHORIZED);
        assertThat(assignment(bob, GROUP)).isEqualTo(Code.OK);
        assertThat(heartbeat(bob, ClientType.SIMPLE_CONSUMER, "other-group"))
                .isEqualTo(Code.UNAUTHORIZED);
        assertThat(heartbeat(bob, ClientType.PRODUCER, "")).isEqualTo(Code.OK);
        assertThat(heartbeat(grpc.channel, ClientType.PRODUCER, "")).isEqualTo(Code.UNAUTHORIZED);
        // A Super user passes every check.
        assertThat(send(signed("root", "root-secret")).getCode()).isEqualTo(Code.OK);
    }

    @Test
    void shouldCheckEveryTelemetryCommandOnItsOwn() {
        List<TelemetryCommand> answers = new CopyOnWriteArrayList<>();
        StreamObserver<TelemetryCommand> stream =
                ClientCalls.asyncBidiStreamingCall(
                        signed("bob", "bob-secret")
                                .newCall(MessagingServiceMethods.TELEMETRY, CallOptions.DEFAULT),
                        collect(answers));
        TelemetryCommand publishing =
                TelemetryCommand.newBuilder()
                        .setSettings(
                                Settings.newBuilder()
                                        .setClientType(ClientType.PRODUCER)
                                        .setPublishing(
                                                Publishing.newBuilder().addTopics(name(TOPIC))))
                        .build();
        stream.onNext(publishing);
        Await.until(Duration.ofSeconds(10), () -> answers.size() == 1, "the telemetry answer");
        assertThat(answers.get(0).getStatus().getCode()).isEqualTo(Code.UNAUTHORIZED);
        assertThat(answers.get(0).hasSettings()).isFalse();
        stream.onCompleted();
    }

    private static StreamObserver<TelemetryCommand> collect(List<TelemetryCommand> answers) {
        return new StreamObserver<>() {
            @Override
            public void onNext(TelemetryCommand value) {
                answers.add(value);
            }

            @Override
            public void onError(Throwable t) {}

            @Override
            public void onCompleted() {}
        };
    }

    /** The channel with the SDK's signature of {@code user} attached to every call. */
    private Channel signed(String user, String secret) {
        String now =
                ZonedDateTime.now(ZoneOffset.UTC)
                        .format(DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'"));
        Metadata headers = new Metadata();
        headers.put(Metadata.Key.of("x-mq-date-time", Metadata.ASCII_STRING_MARSHALLER), now);
        headers.put(
                Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER),
                "MQv2-HMAC-SHA1 Credential="
                        + user
                        + ", SignedHeaders=x-mq-date-time, Signature="
                        + hmacHex(secret, now));
        return ClientInterceptors.intercept(
                grpc.channel, MetadataUtils.newAttachHeadersInterceptor(headers));
    }

    private static String hmacHex(String secret, String text) {
        try {
            Mac mac = Mac.getInstance("HmacSHA1");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA1"));
            return HexFormat.of()
                    .withUpperCase()
                    .formatHex(mac.doFinal(text.getBytes(StandardCharsets.UTF_8)));
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Status send(Channel on) {
        Message message =
                Message.newBuilder()
                        .setTopic(name(TOPIC))
                        .setSystemProperties(
                                SystemProperties.newBuilder()
                                        .setMessageId("01" + Long.toHexString(System.nanoTime()))
                                        .setMessageType(MessageType.NORMAL))
                        .setBody(ByteString.copyFromUtf8("x"))
                        .build();
        return call(
                        on,
                        MessagingServiceMethods.SEND_MESSAGE,
                        SendMessageRequest.newBuilder().addMessages(message).build())
                .getStatus();
    }

    private static Code route(Channel on) {
        return call(
                        on,
                        MessagingServiceMethods.QUERY_ROUTE,
                        QueryRouteRequest.newBuilder().setTopic(name(TOPIC)).build())
                .getStatus()
                .getCode();
    }

    private static Code endTransaction(Channel on) {
        EndTransactionRequest request =
                EndTransactionRequest.newBuilder()
                        .setTopic(name(TOPIC))
                        .setMessageId("01AB")
                        .setTransactionId("not-a-transaction")
                        .setResolution(TransactionResolution.COMMIT)
                        .build();
        return call(on, MessagingServiceMethods.END_TRANSACTION, request).getStatus().getCode();
    }

    private static Code receive(Channel on, String group) {
        return GrpcCalls.receiveStatus(on, GrpcCalls.receiveRequest(group, TOPIC, 1, 30, 0));
    }

    private static Code ack(Channel on, String group) {
        AckMessageRequest ack = GrpcCalls.ack(group, TOPIC, "id", "not a handle");
        return call(on, MessagingServiceMethods.ACK_MESSAGE, ack).getStatus().getCode();
    }

    private static Code change(Channel on, String group) {
        ChangeInvisibleDurationRequest change =
                ChangeInvisibleDurationRequest.newBuilder()
                        .setGroup(name(group))
                        .setTopic(name(TOPIC))
                        .setMessageId("id")
                        .setReceiptHandle("not a handle")
                        .setInvisibleDuration(
                                com.google.protobuf.Duration.newBuilder().setSeconds(30))
                        .build();
        return call(on, MessagingServiceMethods.CHANGE_INVISIBLE_DURATION, change)
                .getStatus()
                .getCode();
    }

    private static Code assignment(Channel on, String group) {
        QueryAssignmentRequest request =
                QueryAssignmentRequest.newBuilder()
                        .setGroup(name(group))
                        .setTopic(name(TOPIC))
                        .build();
        return call(on, MessagingServiceMethods.QUERY_ASSIGNMENT, request).getStatus().getCode();
    }

    private static Code heartbeat(Channel on, ClientType type, String group) {
        HeartbeatRequest.Builder request = HeartbeatRequest.newBuilder().setClientType(type);
        if (!group.isEmpty()) {
            request.setGroup(name(group));
        }
        return call(on, MessagingServiceMethods.HEARTBEAT, request.build()).getStatus().getCode();
    }

    private static <Q, R> R call(Channel on, MethodDescriptor<Q, R> method, Q request) {
        return GrpcCalls.call(on, method, request);
    }
}
