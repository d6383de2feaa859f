package io.bolide.broker.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.ApacheCalls;
import io.bolide.grpc.v2.Code;
import io.bolide.grpc.v2.MessagingServiceMethods;
import io.bolide.grpc.v2.ReceiveMessageRequest;
import io.bolide.grpc.v2.ReceiveMessageResponse;
import io.bolide.grpc.v2.SendMessageRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SQL92 filters on ReceiveMessage: only the matching messages are handed out (the others are passed
 * over for the group), and an expression that does not parse is refused ILLEGAL_FILTER_EXPRESSION
 * naming the problem, with nothing taken and the connection serving on.
 */
class GrpcSqlFilterTest {
    private static final String TOPIC = "GrpcSql";

    @TempDir Path dir;
    private GrpcTestBroker grpc;

    @BeforeEach
    void start() throws Exception {
        grpc = GrpcTestBroker.start(dir);
        grpc.createTopic(TOPIC);
        for (int i = 0; i < 6; i++) {
            SendMessageRequest one =
                    SendMessageRequest.newBuilder()
                            .addMessages(
                                    GrpcCalls.message(
                                            TOPIC,
                                            "ID" + i,
                                            i % 2 == 0 ? "even" : "odd",
                                            Map.of("n", Integer.toString(i)),
                                            ("m" + i).getBytes(StandardCharsets.UTF_8)))
                            .build();
            io.bolide.grpc.v2.Status status =
                    GrpcCalls.call(grpc.channel, MessagingServiceMethods.SEND_MESSAGE, one)
                            .getStatus();
            assertThat(status.getCode()).as(status.getMessage()).isEqualTo(Code.OK);
        }
        try (ApacheCalls apache = grpc.remoting()) {
            apache.awaitDispatched(TOPIC, 0, 6);
        }
    }

    @AfterEach
    void stop() {
        grpc.close();
    }

    @Test
    void shouldHandOutOnlyTheMessagesTheExpressionMatches() {
        ReceiveMessageRequest receive =
                GrpcCalls.withSql(
                        GrpcCalls.receiveRequest("sql-group", TOPIC, 32, 30, 2),
                        "n >= 3 AND TAGS = 'odd'");
        List<ReceiveMessageResponse> got =
                GrpcCalls.received(GrpcCalls.receive(grpc.channel, receive, 10));
        assertThat(got)
                .extracting(r -> r.getMessage().getBody().toStringUtf8())
                .containsExactlyInAnyOrder("m3", "m5");
        // Another group with a tag filter still sees everything it asks for.
        List<ReceiveMessageResponse> all =
                GrpcCalls.received(
                        GrpcCalls.receive(
                                grpc.channel,
                                GrpcCalls.receiveRequest("tag-group", TOPIC, 32, 30, 2),
                                10));
        assertThat(all).hasSize(6);
    }

    @Test
    void shouldRefuseAnExpressionThatDoesNotParseAndServeOn() {
        ReceiveMessageRequest bad =
                GrpcCalls.withSql(
                        GrpcCalls.receiveRequest("sql-group", TOPIC, 32, 30, 0), "n >>= 'x");
        List<ReceiveMessageResponse> refused = GrpcCalls.receive(grpc.channel, bad, 10);
        assertThat(refused).hasSize(1);
        assertThat(refused.get(0).getStatus().getCode()).isEqualTo(Code.ILLEGAL_FILTER_EXPRESSION);
        assertThat(refused.get(0).getStatus().getMessage()).contains("n >>= 'x", "does not parse");
        // Nothing was taken for the group: the same channel receives every message next.
        List<ReceiveMessageResponse> after =
                GrpcCalls.received(
                        GrpcCalls.receive(
                                grpc.channel,
                                GrpcCalls.withSql(
                                        GrpcCalls.receiveRequest("sql-group", TOPIC, 32, 30, 2),
                                        "n >= 0"),
                                10));
        assertThat(after).hasSize(6);
    }
}
