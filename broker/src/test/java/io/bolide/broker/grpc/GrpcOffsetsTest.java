package io.bolide.broker.grpc;

import static io.bolide.broker.grpc.GrpcCalls.name;
import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.ApacheCalls;
import io.bolide.grpc.v2.Code;
import io.bolide.grpc.v2.FilterExpression;
import io.bolide.grpc.v2.FilterType;
import io.bolide.grpc.v2.GetOffsetRequest;
import io.bolide.grpc.v2.GetOffsetResponse;
import io.bolide.grpc.v2.MessageQueue;
import io.bolide.grpc.v2.MessagingServiceMethods;
import io.bolide.grpc.v2.PullMessageRequest;
import io.bolide.grpc.v2.PullMessageResponse;
import io.bolide.grpc.v2.QueryOffsetPolicy;
import io.bolide.grpc.v2.QueryOffsetRequest;
import io.bolide.grpc.v2.QueryOffsetResponse;
import io.bolide.grpc.v2.UpdateOffsetRequest;
import io.grpc.CallOptions;
import io.grpc.stub.ClientCalls;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * QueryOffset (a queue's first and next offsets, the offset at a time), GetOffset and UpdateOffset
 * (a group's committed offset) over gRPC, on the same tables the remoting codes use.
 */
class GrpcOffsetsTest {
    private static final String TOPIC = "GrpcOffsets";
    private static final String GROUP = "offset-group";

    @TempDir Path dir;
    private GrpcTestBroker grpc;

    @BeforeEach
    void start() throws Exception {
        grpc = GrpcTestBroker.start(dir);
        grpc.createTopic(TOPIC);
        try (ApacheCalls apache = grpc.remoting()) {
            for (int i = 0; i < 3; i++) {
                assertThat(apache.sendV2(TOPIC, 0, "T", "m" + i).getCode()).isZero();
            }
            apache.awaitDispatched(TOPIC, 0, 3);
        }
    }

    @AfterEach
    void stop() {
        grpc.close();
    }

    @Test
    void shouldAnswerQueueBoundsAndKeepAGroupsCommittedOffset() {
        assertThat(query(QueryOffsetPolicy.BEGINNING).getOffset()).isZero();
        QueryOffsetResponse end = query(QueryOffsetPolicy.END);
        assertThat(end.getStatus().getCode()).isEqualTo(Code.OK);
        assertThat(end.getOffset()).isEqualTo(3);
        assertThat(query(QueryOffsetPolicy.TIMESTAMP).getStatus().getCode())
                .isEqualTo(Code.BAD_REQUEST);

        // Nothing committed, and the queue still starts at 0: QUERY_CONSUMER_OFFSET answers 0, as
        // the reference broker does.
        assertThat(get().getOffset()).isZero();
        UpdateOffsetRequest update =
                UpdateOffsetRequest.newBuilder()
                        .setGroup(name(GROUP))
                        .setMessageQueue(queue(0))
                        .setOffset(2)
                        .build();
        assertThat(
                        GrpcCalls.call(grpc.channel, MessagingServiceMethods.UPDATE_OFFSET, update)
                                .getStatus()
                                .getCode())
                .isEqualTo(Code.OK);
        GetOffsetResponse committed = get();
        assertThat(committed.getStatus().getCode()).isEqualTo(Code.OK);
        assertThat(committed.getOffset()).isEqualTo(2);

        QueryOffsetRequest noQueue =
                QueryOffsetRequest.newBuilder().setMessageQueue(queue(7)).build();
        assertThat(
                        GrpcCalls.call(grpc.channel, MessagingServiceMethods.QUERY_OFFSET, noQueue)
                                .getStatus()
                                .getCode())
                .isEqualTo(Code.BAD_REQUEST);
    }

    @Test
    void shouldPullFromAnOffsetAndAnswerTheNextOne() {
        List<PullMessageResponse> first = pull(0, "*", FilterType.TAG);
        assertThat(first.get(0).getStatus().getCode()).isEqualTo(Code.OK);
        assertThat(first.stream().filter(PullMessageResponse::hasMessage))
                .extracting(r -> r.getMessage().getBody().toStringUtf8())
                .containsExactly("m0", "m1", "m2");
        assertThat(first.get(first.size() - 1).getNextOffset()).isEqualTo(3);

        List<PullMessageResponse> none = pull(3, "*", FilterType.TAG);
        assertThat(none.get(0).getStatus().getCode()).isEqualTo(Code.MESSAGE_NOT_FOUND);
        assertThat(none.get(none.size() - 1).getNextOffset()).isEqualTo(3);

        List<PullMessageResponse> bad = pull(0, "a >>", FilterType.SQL);
        assertThat(bad).hasSize(1);
        assertThat(bad.get(0).getStatus().getCode()).isEqualTo(Code.ILLEGAL_FILTER_EXPRESSION);
    }

    private List<PullMessageResponse> pull(long offset, String expression, FilterType type) {
        PullMessageRequest request =
                PullMessageRequest.newBuilder()
                        .setGroup(name(GROUP))
                        .setMessageQueue(queue(0))
                        .setOffset(offset)
                        .setBatchSize(32)
                        .setFilterExpression(
                                FilterExpression.newBuilder()
                                        .setType(type)
                                        .setExpression(expression))
                        .build();
        List<PullMessageResponse> all = new ArrayList<>();
        ClientCalls.blockingServerStreamingCall(
                        grpc.channel,
                        MessagingServiceMethods.PULL_MESSAGE,
                        CallOptions.DEFAULT.withDeadlineAfter(10, TimeUnit.SECONDS),
                        request)
                .forEachRemaining(all::add);
        return all;
    }

    private static MessageQueue queue(int id) {
        return MessageQueue.newBuilder().setTopic(name(TOPIC)).setId(id).build();
    }

    private QueryOffsetResponse query(QueryOffsetPolicy policy) {
        return GrpcCalls.call(
                grpc.channel,
                MessagingServiceMethods.QUERY_OFFSET,
                QueryOffsetRequest.newBuilder()
                        .setMessageQueue(queue(0))
                        .setQueryOffsetPolicy(policy)
                        .build());
    }

    private GetOffsetResponse get() {
        return GrpcCalls.call(
                grpc.channel,
                MessagingServiceMethods.GET_OFFSET,
                GetOffsetRequest.newBuilder()
                        .setGroup(name(GROUP))
                        .setMessageQueue(queue(0))
                        .build());
    }
}
