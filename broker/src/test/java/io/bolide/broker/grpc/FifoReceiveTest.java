package io.bolide.broker.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.ApacheCalls;
import io.bolide.grpc.v2.AckMessageRequest;
import io.bolide.grpc.v2.Code;
import io.bolide.grpc.v2.MessagingServiceMethods;
import io.bolide.grpc.v2.ReceiveMessageRequest;
import io.bolide.grpc.v2.ReceiveMessageResponse;
import io.bolide.testsupport.Await;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A FIFO consumer group (subscription group config {@code consumeMessageOrderly}) receives over
 * gRPC as an orderly POP: a queue's next message is held back until the previous one is
 * acknowledged or its invisible time runs out; an ordinary group on the same topic is not held.
 */
class FifoReceiveTest {
    private static final String TOPIC = "GrpcFifo";
    private static final String FIFO = "fifo-group";

    @TempDir Path dir;
    private GrpcTestBroker grpc;

    @BeforeEach
    void start() throws Exception {
        grpc = GrpcTestBroker.start(dir);
        grpc.createTopic(TOPIC);
        grpc.createGroup(FIFO, true);
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
    void shouldHoldAFifoGroupsNextMessageUntilThePreviousIsAcknowledged() {
        List<ReceiveMessageResponse> first = receive(FIFO, 30);
        assertThat(bodies(first)).containsExactly("m0");
        assertThat(receive(FIFO, 30)).isEmpty(); // m1 waits for m0's ack
        assertThat(bodies(receive("plain-group", 30))).containsExactly("m0");
        assertThat(bodies(receive("plain-group", 30))).containsExactly("m1");

        ack(first.get(0));
        List<ReceiveMessageResponse> second = receive(FIFO, 1);
        assertThat(bodies(second)).containsExactly("m1");
        assertThat(attempt(second.get(0))).isEqualTo(1);
        // Not acknowledged: m1 comes back after its invisible second, still before m2.
        List<List<ReceiveMessageResponse>> again = new ArrayList<>();
        Await.until(
                Duration.ofSeconds(30),
                () -> {
                    List<ReceiveMessageResponse> got = receive(FIFO, 30);
                    again.add(got);
                    return !got.isEmpty();
                },
                "m1 redelivered after its invisible time");
        List<ReceiveMessageResponse> redelivered = again.get(again.size() - 1);
        assertThat(bodies(redelivered)).containsExactly("m1");
        assertThat(attempt(redelivered.get(0)))
                .as("the SDK's FIFO consumer counts attempts toward its dead-letter limit")
                .isEqualTo(2);
        ack(redelivered.get(0));
        assertThat(bodies(receive(FIFO, 30))).containsExactly("m2");
    }

    @Test
    void shouldWakeAHeldFifoReceiveWhenThePreviousMessageIsAcknowledged() throws Exception {
        List<ReceiveMessageResponse> first = receive(FIFO, 30);
        assertThat(bodies(first)).containsExactly("m0");
        // Held back behind m0 for up to a minute; the ack, not the deadline, must answer it.
        CompletableFuture<List<ReceiveMessageResponse>> held =
                CompletableFuture.supplyAsync(() -> receive(FIFO, 30, Duration.ofSeconds(60)));
        Await.until(
                Duration.ofSeconds(10),
                () -> grpc.broker.heldGrpcReceives() == 1,
                "the FIFO receive held");
        ack(first.get(0));
        assertThat(bodies(held.get(20, TimeUnit.SECONDS))).containsExactly("m1");
    }

    private void ack(ReceiveMessageResponse received) {
        AckMessageRequest ack = GrpcCalls.ack(FIFO, TOPIC, received.getMessage());
        assertThat(
                        GrpcCalls.call(grpc.channel, MessagingServiceMethods.ACK_MESSAGE, ack)
                                .getStatus()
                                .getCode())
                .isEqualTo(Code.OK);
    }

    /** One message at most, no long polling: the messages received (none when held back). */
    private List<ReceiveMessageResponse> receive(String group, long invisibleSeconds) {
        return receive(group, invisibleSeconds, Duration.ZERO);
    }

    private List<ReceiveMessageResponse> receive(
            String group, long invisibleSeconds, Duration longPolling) {
        ReceiveMessageRequest request =
                GrpcCalls.receiveRequest(
                        group, TOPIC, 1, invisibleSeconds, longPolling.toSeconds());
        return GrpcCalls.received(GrpcCalls.receive(grpc.channel, request, 90));
    }

    private static int attempt(ReceiveMessageResponse received) {
        return received.getMessage().getSystemProperties().getDeliveryAttempt();
    }

    private static List<String> bodies(List<ReceiveMessageResponse> received) {
        return received.stream()
                .map(r -> r.getMessage().getBody().toString(StandardCharsets.UTF_8))
                .toList();
    }
}
