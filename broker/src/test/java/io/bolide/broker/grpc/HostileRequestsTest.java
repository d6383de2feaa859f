package io.bolide.broker.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.bolide.broker.Broker;
import io.bolide.broker.table.TopicTable;
import io.bolide.grpc.v2.AckMessageEntry;
import io.bolide.grpc.v2.AckMessageRequest;
import io.bolide.grpc.v2.Code;
import io.bolide.grpc.v2.EndTransactionRequest;
import io.bolide.grpc.v2.Message;
import io.bolide.grpc.v2.MessageQueue;
import io.bolide.grpc.v2.MessageType;
import io.bolide.grpc.v2.MessagingServiceMethods;
import io.bolide.grpc.v2.QueryRouteRequest;
import io.bolide.grpc.v2.RecallMessageRequest;
import io.bolide.grpc.v2.ReceiveMessageRequest;
import io.bolide.grpc.v2.ReceiveMessageResponse;
import io.bolide.grpc.v2.Resource;
import io.bolide.grpc.v2.SendMessageRequest;
import io.bolide.grpc.v2.SystemProperties;
import io.bolide.grpc.v2.TransactionResolution;
import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.stub.ClientCalls;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Malformed and unserved requests get a v2 status saying why, never silence or a crash. */
class HostileRequestsTest {
    private static final String TOPIC = TopicTable.SELF_TEST_TOPIC;

    @TempDir Path dir;
    private GrpcTestBroker server;
    private Broker broker;
    private ManagedChannel channel;

    @BeforeEach
    void start() throws Exception {
        server = GrpcTestBroker.start(dir);
        broker = server.broker;
        channel = server.channel;
    }

    @AfterEach
    void stop() throws Exception {
        server.close();
    }

    @Test
    void shouldAnswerUnknownAndIllegalTopicsWithTheirCodes() {
        assertThat(route("no-such-topic")).isEqualTo(Code.TOPIC_NOT_FOUND);
        assertThat(route("bad topic\u0001")).isEqualTo(Code.ILLEGAL_TOPIC);
        assertThat(route("")).isEqualTo(Code.ILLEGAL_TOPIC);
        assertThat(route(TOPIC)).isEqualTo(Code.OK);
    }

    @Test
    void shouldRefuseReceivesWithAnIllegalInvisibleTimeOrGroup() {
        assertThat(receive("group", 0)).isEqualTo(Code.ILLEGAL_INVISIBLE_TIME);
        assertThat(receive("bad group", 30)).isEqualTo(Code.ILLEGAL_CONSUMER_GROUP);
    }

    @Test
    void shouldRefuseAMalformedReceiptHandle() {
        AckMessageRequest ack =
                AckMessageRequest.newBuilder()
                        .setGroup(name("group"))
                        .setTopic(name(TOPIC))
                        .addEntries(
                                AckMessageEntry.newBuilder()
                                        .setMessageId("id")
                                        .setReceiptHandle("not a handle"))
                        .build();
        assertThat(call(MessagingServiceMethods.ACK_MESSAGE, ack).getStatus().getCode())
                .isEqualTo(Code.INVALID_RECEIPT_HANDLE);
    }

    @Test
    void shouldAnswerUnservedRpcsAndBatchSendsNotImplemented() {
        assertThat(
                        call(
                                        MessagingServiceMethods.RECALL_MESSAGE,
                                        RecallMessageRequest.getDefaultInstance())
                                .getStatus()
                                .getCode())
                .isEqualTo(Code.NOT_IMPLEMENTED);
        Message one =
                Message.newBuilder()
                        .setTopic(name(TOPIC))
                        .setSystemProperties(
                                SystemProperties.newBuilder()
                                        .setMessageId("01AB")
                                        .setMessageType(MessageType.NORMAL))
                        .setBody(ByteString.copyFromUtf8("x"))
                        .build();
        SendMessageRequest batch =
                SendMessageRequest.newBuilder().addMessages(one).addMessages(one).build();
        assertThat(call(MessagingServiceMethods.SEND_MESSAGE, batch).getStatus().getCode())
                .isEqualTo(Code.NOT_IMPLEMENTED);
    }

    @Test
    void shouldRefuseAnEndTransactionOfAnUnknownOrMalformedTransactionId() {
        assertThat(endTransaction("not-a-transaction")).isEqualTo(Code.INVALID_TRANSACTION_ID);
        // Well-formed, but no half message is stored there.
        assertThat(endTransaction("7F00000100002A9F0000000100000000-0"))
                .isEqualTo(Code.INVALID_TRANSACTION_ID);
        assertThat(
                        call(
                                        MessagingServiceMethods.END_TRANSACTION,
                                        EndTransactionRequest.getDefaultInstance())
                                .getStatus()
                                .getCode())
                .isEqualTo(Code.ILLEGAL_TOPIC);
    }

    private Code endTransaction(String transactionId) {
        return call(
                        MessagingServiceMethods.END_TRANSACTION,
                        EndTransactionRequest.newBuilder()
                                .setTopic(name(TOPIC))
                                .setMessageId("01AB")
                                .setTransactionId(transactionId)
                                .setResolution(TransactionResolution.COMMIT)
                                .build())
                .getStatus()
                .getCode();
    }

    private Code route(String topic) {
        return call(
                        MessagingServiceMethods.QUERY_ROUTE,
                        QueryRouteRequest.newBuilder().setTopic(name(topic)).build())
                .getStatus()
                .getCode();
    }

    private Code receive(String group, long invisibleSeconds) {
        ReceiveMessageRequest request =
                ReceiveMessageRequest.newBuilder()
                        .setGroup(name(group))
                        .setMessageQueue(MessageQueue.newBuilder().setTopic(name(TOPIC)).setId(-1))
                        .setBatchSize(1)
                        .setInvisibleDuration(
                                com.google.protobuf.Duration.newBuilder()
                                        .setSeconds(invisibleSeconds))
                        .build();
        Iterator<ReceiveMessageResponse> answers =
                ClientCalls.blockingServerStreamingCall(
                        channel,
                        MessagingServiceMethods.RECEIVE_MESSAGE,
                        CallOptions.DEFAULT.withDeadlineAfter(10, TimeUnit.SECONDS),
                        request);
        Code code = answers.next().getStatus().getCode();
        answers.forEachRemaining(r -> {});
        return code;
    }

    private <Q, R> R call(io.grpc.MethodDescriptor<Q, R> method, Q request) {
        return ClientCalls.blockingUnaryCall(
                channel,
                method,
                CallOptions.DEFAULT.withDeadlineAfter(10, TimeUnit.SECONDS),
                request);
    }

    private static Resource name(String name) {
        return Resource.newBuilder().setName(name).build();
    }
}
