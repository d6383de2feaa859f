package io.bolide.broker.grpc;

import static io.bolide.broker.grpc.GrpcCalls.name;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.bolide.broker.table.TopicTable;
import io.bolide.grpc.v2.AckMessageRequest;
import io.bolide.grpc.v2.Code;
import io.bolide.grpc.v2.EndTransactionRequest;
import io.bolide.grpc.v2.Message;
import io.bolide.grpc.v2.MessageType;
import io.bolide.grpc.v2.MessagingServiceMethods;
import io.bolide.grpc.v2.QueryRouteRequest;
import io.bolide.grpc.v2.RecallMessageRequest;
import io.bolide.grpc.v2.SendMessageRequest;
import io.bolide.grpc.v2.SyncLiteSubscriptionRequest;
import io.bolide.grpc.v2.SystemProperties;
import io.bolide.grpc.v2.TransactionResolution;
import io.grpc.MethodDescriptor;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Malformed and unserved requests get a v2 status saying why, never silence or a crash. */
class HostileRequestsTest {
    private static final String TOPIC = TopicTable.SELF_TEST_TOPIC;

    @TempDir Path dir;
    private GrpcTestBroker grpc;

    @BeforeEach
    void start() throws Exception {
        grpc = GrpcTestBroker.start(dir);
    }

    @AfterEach
    void stop() {
        grpc.close();
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
        AckMessageRequest ack = GrpcCalls.ack("group", TOPIC, "id", "not a handle");
        assertThat(call(MessagingServiceMethods.ACK_MESSAGE, ack).getStatus().getCode())
                .isEqualTo(Code.INVALID_RECEIPT_HANDLE);
    }

    @Test
    void shouldRefuseEmptyRequestsClearlyAndServeBatchSends() {
        assertThat(
                        call(
                                        MessagingServiceMethods.SYNC_LITE_SUBSCRIPTION,
                                        SyncLiteSubscriptionRequest.getDefaultInstance())
                                .getStatus()
                                .getCode())
                .as("a lite subscription naming no group")
                .isEqualTo(Code.ILLEGAL_CONSUMER_GROUP);
        assertThat(
                        call(
                                        MessagingServiceMethods.RECALL_MESSAGE,
                                        RecallMessageRequest.getDefaultInstance())
                                .getStatus()
                                .getCode())
                .isEqualTo(Code.ILLEGAL_TOPIC);
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
        assertThat(call(MessagingServiceMethods.SEND_MESSAGE, batch).getEntriesCount())
                .isEqualTo(2);
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
        return GrpcCalls.receiveStatus(
                grpc.channel, GrpcCalls.receiveRequest(group, TOPIC, 1, invisibleSeconds, 0));
    }

    private <Q, R> R call(MethodDescriptor<Q, R> method, Q request) {
        return GrpcCalls.call(grpc.channel, method, request);
    }
}
