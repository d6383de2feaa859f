package io.bolide.remoting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.frame.SerializeType;
import io.bolide.testsupport.Await;
import io.bolide.testsupport.LeakCheck;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Bolide client against Bolide server: dispatch, error answers, timeouts, oneway, call-backs. */
@ExtendWith(LeakCheck.class)
class RemotingRoundTripTest {
    private static final int SLOW = 101;
    private static final int FAILING = 102;
    private static final int SILENT = 103;
    private static final int ONEWAY_SINK = 104;
    private static final int LATER = 105;
    private static final int CALL_BACK = 106;
    private static final int LARGE_CODE = 200_052;

    private RemotingServer server;
    private String address;
    private final ExecutorService slowPool =
            new ThreadPoolExecutor(1, 1, 0, TimeUnit.SECONDS, new ArrayBlockingQueue<>(1));
    private final CountDownLatch slowGate = new CountDownLatch(1);
    private final AtomicInteger onewaySeen = new AtomicInteger();

    @BeforeEach
    void startServer() throws Exception {
        server =
                new RemotingServer(RemotingServerConfig.builder().bindAddress("127.0.0.1").build());
        server.registerHandler(Echo.CODE, Echo.HANDLER);
        server.registerHandler(LARGE_CODE, Echo.HANDLER);
        server.registerHandler(
                SLOW,
                (request, exchange) -> {
                    slowGate.await(10, TimeUnit.SECONDS);
                    exchange.respond(0, "slow done");
                },
                slowPool);
        server.registerHandler(
                FAILING,
                (request, exchange) -> {
                    throw new IllegalStateException("disk on fire");
                });
        server.registerHandler(SILENT, (request, exchange) -> {});
        server.registerHandler(ONEWAY_SINK, (request, exchange) -> onewaySeen.incrementAndGet());
        server.registerHandler(
                LATER,
                (request, exchange) ->
                        CompletableFuture.runAsync(() -> exchange.respond(0, "later")));
        server.start();
        address = "127.0.0.1:" + server.port();
    }

    @AfterEach
    void stopServer() throws Exception {
        slowGate.countDown();
        server.shutdown(Duration.ofMillis(500)); // silent handlers never answer: do not wait long
        slowPool.shutdownNow();
    }

    private static RemotingClient client(SerializeType type) {
        return new RemotingClient(RemotingClientConfig.builder().requestType(type).build());
    }

    private static ByteBuf text(String s) {
        return Unpooled.copiedBuffer(s, StandardCharsets.UTF_8);
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldEchoBodyAndExtFieldsInRequestSerialization(SerializeType type) throws Exception {
        try (RemotingClient client = client(type)) {
            RemotingCommand response =
                    client.invokeSync(
                            address, Echo.CODE, Echo.headerOf(Map.of("k", "v")), text("hi"), 3000);
            try {
                assertThat(response.code()).isZero();
                assertThat(response.isResponse()).isTrue();
                assertThat(response.serializeType()).isEqualTo(type);
                assertThat(response.extFieldMap()).containsEntry("k", "v");
                assertThat(Echo.text(response)).isEqualTo("hi");
            } finally {
                response.release();
            }
        }
    }

    @Test
    void shouldDispatchCodesBeyondTheDirectTable() throws Exception {
        try (RemotingClient client = client(SerializeType.JSON)) {
            RemotingCommand response =
                    client.invokeSync(address, LARGE_CODE, null, text("pop"), 3000);
            assertThat(Echo.text(response)).isEqualTo("pop");
            response.release();
        }
    }

    @Test
    void shouldAnswerUnknownCodeWithRequestCodeNotSupported() throws Exception {
        try (RemotingClient client = client(SerializeType.JSON)) {
            RemotingCommand response = client.invokeSync(address, 999, null, null, 3000);
            assertThat(response.code()).isEqualTo(3);
            assertThat(response.remark()).contains("999").contains("not supported");
            response.release();
        }
    }

    @Test
    void shouldAnswerHandlerExceptionWithSystemErrorAndMessage() throws Exception {
        try (RemotingClient client = client(SerializeType.ROCKETMQ)) {
            RemotingCommand response = client.invokeSync(address, FAILING, null, null, 3000);
            assertThat(response.code()).isEqualTo(1);
            assertThat(response.remark()).contains("disk on fire");
            response.release();
        }
    }

    @Test
    void shouldAnswerSystemBusyWhenHandlerExecutorIsFull() throws Exception {
        try (RemotingClient client = client(SerializeType.JSON)) {
            CompletableFuture<RemotingCommand> running =
                    client.invokeAsync(address, SLOW, null, null, 5000);
            Await.until(
                    Duration.ofSeconds(5),
                    () -> slowPool instanceof ThreadPoolExecutor p && p.getActiveCount() == 1,
                    "slow handler running");
            CompletableFuture<RemotingCommand> queued =
                    client.invokeAsync(address, SLOW, null, null, 5000);
            Await.until(
                    Duration.ofSeconds(5),
                    () -> ((ThreadPoolExecutor) slowPool).getQueue().size() == 1,
                    "one queued");
            RemotingCommand busy = client.invokeSync(address, SLOW, null, null, 3000);
            assertThat(busy.code()).isEqualTo(2);
            busy.release();
            slowGate.countDown();
            assertThat(running.get(5, TimeUnit.SECONDS).remark()).isEqualTo("slow done");
            assertThat(queued.get(5, TimeUnit.SECONDS).code()).isZero();
            running.get().release();
            queued.get().release();
        }
    }

    @Test
    void shouldAnswerFromAnotherThreadAfterHandlerReturned() throws Exception {
        try (RemotingClient client = client(SerializeType.JSON)) {
            RemotingCommand response = client.invokeSync(address, LATER, null, null, 3000);
            assertThat(response.remark()).isEqualTo("later");
            response.release();
            Await.until(Duration.ofSeconds(5), () -> server.requestsInFlight() == 0, "drained");
        }
    }

    @Test
    void shouldTimeOutSyncCallThatGetsNoAnswer() throws Exception {
        try (RemotingClient client = client(SerializeType.JSON)) {
            long start = System.nanoTime();
            assertThatThrownBy(() -> client.invokeSync(address, SILENT, null, null, 200))
                    .isInstanceOf(RemotingTimeoutException.class);
            assertThat(System.nanoTime() - start).isLessThan(TimeUnit.SECONDS.toNanos(3));
        }
    }

    @Test
    void shouldExpireAsyncCallThroughPeriodicScan() throws Exception {
        try (RemotingClient client = client(SerializeType.JSON)) {
            CompletableFuture<RemotingCommand> call =
                    client.invokeAsync(address, SILENT, null, null, 200);
            assertThatThrownBy(() -> call.get(5, TimeUnit.SECONDS))
                    .isInstanceOf(ExecutionException.class)
                    .hasCauseInstanceOf(RemotingTimeoutException.class);
        }
    }

    @Test
    void shouldRejectAsyncCallsBeyondInFlightPermits() throws Exception {
        RemotingClientConfig config = RemotingClientConfig.builder().maxAsyncInFlight(1).build();
        try (RemotingClient client = new RemotingClient(config)) {
            CompletableFuture<RemotingCommand> first =
                    client.invokeAsync(address, SILENT, null, null, 1000);
            CompletableFuture<RemotingCommand> second =
                    client.invokeAsync(address, SILENT, null, null, 50);
            assertThatThrownBy(() -> second.get(5, TimeUnit.SECONDS))
                    .hasCauseInstanceOf(RemotingBusyException.class);
            assertThatThrownBy(() -> first.get(5, TimeUnit.SECONDS))
                    .hasCauseInstanceOf(RemotingTimeoutException.class);
            RemotingCommand third =
                    client.invokeAsync(address, Echo.CODE, null, text("again"), 3000)
                            .get(5, TimeUnit.SECONDS);
            assertThat(Echo.text(third)).isEqualTo("again");
            third.release();
        }
    }

    @Test
    void shouldDeliverOnewayWithoutAnswer() throws Exception {
        try (RemotingClient client = client(SerializeType.ROCKETMQ)) {
            client.invokeOneway(address, ONEWAY_SINK, null, text("fire"), 3000);
            client.invokeOneway(address, 999, null, null, 3000);
            Await.until(Duration.ofSeconds(5), () -> onewaySeen.get() == 1, "oneway handled");
            RemotingCommand response =
                    client.invokeSync(address, Echo.CODE, null, text("after"), 3000);
            assertThat(Echo.text(response)).isEqualTo("after");
            response.release();
            // the in-flight count drops just after the response is written, hence the wait
            Await.until(Duration.ofSeconds(5), () -> server.requestsInFlight() == 0, "drained");
        }
    }

    @Test
    void shouldReconnectAfterConnectionWasClosed() throws Exception {
        try (RemotingClient client = client(SerializeType.JSON)) {
            client.invokeSync(address, Echo.CODE, null, null, 3000).release();
            for (Connection c : server.connections()) {
                c.close().sync();
            }
            Await.until(Duration.ofSeconds(5), () -> server.connections().isEmpty(), "closed");
            // The client may learn of the close only when its next write fails: one failure at
            // most.
            int failures = 0;
            RemotingCommand response = null;
            while (response == null) {
                try {
                    response = client.invokeSync(address, Echo.CODE, null, text("back"), 3000);
                } catch (RemotingSendException | RemotingConnectException e) {
                    failures++;
                    assertThat(failures).isLessThanOrEqualTo(1);
                }
            }
            assertThat(Echo.text(response)).isEqualTo("back");
            response.release();
            assertThat(server.connections()).hasSize(1);
        }
    }

    @Test
    void shouldFailConnectToClosedPort() throws Exception {
        try (RemotingClient client = client(SerializeType.JSON)) {
            ByteBuf body = text("x");
            assertThatThrownBy(() -> client.invokeSync("127.0.0.1:1", Echo.CODE, null, body, 3000))
                    .isInstanceOf(RemotingConnectException.class);
            assertThat(body.refCnt()).isZero();
        }
    }

    @Test
    void shouldLetServerCallClientBackOverItsConnection() throws Exception {
        server.registerHandler(
                CALL_BACK,
                (request, exchange) ->
                        exchange.connection()
                                .invoke(Echo.CODE, null, text("ping"), 3000)
                                .whenComplete(
                                        (r, e) -> {
                                            exchange.respond(
                                                    0,
                                                    e == null
                                                            ? "client said " + Echo.text(r)
                                                            : e.toString());
                                            if (r != null) {
                                                r.release();
                                            }
                                        }));
        try (RemotingClient client = client(SerializeType.JSON)) {
            client.registerHandler(
                    Echo.CODE,
                    (request, exchange) ->
                            exchange.respond(0, null, null, text(Echo.text(request) + "-pong")));
            RemotingCommand response = client.invokeSync(address, CALL_BACK, null, null, 3000);
            assertThat(response.remark()).isEqualTo("client said ping-pong");
            response.release();
        }
    }

    @Test
    void shouldCloseIdleConnections() throws Exception {
        RemotingServer idle =
                new RemotingServer(
                        RemotingServerConfig.builder()
                                .bindAddress("127.0.0.1")
                                .idleSeconds(1)
                                .build());
        idle.registerHandler(Echo.CODE, Echo.HANDLER);
        idle.start();
        try (RemotingClient client = client(SerializeType.JSON)) {
            client.invokeSync("127.0.0.1:" + idle.port(), Echo.CODE, null, null, 3000).release();
            assertThat(idle.connections()).hasSize(1);
            Await.until(Duration.ofSeconds(10), () -> idle.connections().isEmpty(), "idle close");
        } finally {
            idle.shutdown(Duration.ofSeconds(5));
        }
    }

    @Test
    void shouldFinishInFlightRequestsOnGracefulShutdown() throws Exception {
        try (RemotingClient client = client(SerializeType.JSON)) {
            CompletableFuture<RemotingCommand> running =
                    client.invokeAsync(address, SLOW, null, null, 10_000);
            Await.until(
                    Duration.ofSeconds(5),
                    () -> server.requestsInFlight() == 1,
                    "request in flight");
            CompletableFuture<Void> shutdown =
                    CompletableFuture.runAsync(
                            () -> {
                                try {
                                    server.shutdown(Duration.ofSeconds(10));
                                } catch (InterruptedException e) {
                                    throw new IllegalStateException(e);
                                }
                            });
            Await.until(
                    Duration.ofSeconds(5),
                    () -> !server.connections().isEmpty() && !shutdown.isDone(),
                    "shutting down");
            slowGate.countDown();
            RemotingCommand response = running.get(10, TimeUnit.SECONDS);
            assertThat(response.remark()).isEqualTo("slow done");
            response.release();
            shutdown.get(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void shouldFailPendingCallWhenConnectionCloses() throws Exception {
        try (RemotingClient client = client(SerializeType.JSON)) {
            CompletableFuture<RemotingCommand> call =
                    client.invokeAsync(address, SILENT, null, null, 30_000);
            Await.until(
                    Duration.ofSeconds(5), () -> server.requestsInFlight() == 1, "request arrived");
            for (Connection c : server.connections()) {
                c.close();
            }
            assertThatThrownBy(() -> call.get(5, TimeUnit.SECONDS))
                    .hasCauseInstanceOf(RemotingConnectException.class);
        }
    }

    @Test
    void shouldWaitForPendingCallsWhenClientClosesGracefully() throws Exception {
        RemotingClient client = client(SerializeType.JSON);
        CompletableFuture<RemotingCommand> running =
                client.invokeAsync(address, SLOW, null, null, 10_000);
        Await.until(
                Duration.ofSeconds(5), () -> server.requestsInFlight() == 1, "request in flight");
        CompletableFuture<Void> closing = CompletableFuture.runAsync(() -> client.close());
        Await.until(Duration.ofSeconds(5), () -> !closing.isDone() && !running.isDone(), "closing");
        slowGate.countDown();
        RemotingCommand response = running.get(10, TimeUnit.SECONDS);
        assertThat(response.remark()).isEqualTo("slow done");
        response.release();
        closing.get(10, TimeUnit.SECONDS);
        assertThatThrownBy(() -> client.invokeSync(address, Echo.CODE, null, null, 1000))
                .isInstanceOf(RemotingConnectException.class);
    }

    @Test
    void shouldWorkOverNioTransport() throws Exception {
        RemotingServer nio =
                new RemotingServer(
                        RemotingServerConfig.builder()
                                .bindAddress("127.0.0.1")
                                .preferNative(false)
                                .build());
        nio.registerHandler(Echo.CODE, Echo.HANDLER);
        nio.start();
        RemotingClientConfig config = RemotingClientConfig.builder().preferNative(false).build();
        try (RemotingClient client = new RemotingClient(config)) {
            RemotingCommand response =
                    client.invokeSync(
                            "127.0.0.1:" + nio.port(), Echo.CODE, null, text("nio"), 3000);
            assertThat(Echo.text(response)).isEqualTo("nio");
            response.release();
        } finally {
            nio.shutdown(Duration.ofSeconds(5));
        }
    }

    @Test
    void shouldFailToStartOnPortInUse() {
        RemotingServer second =
                new RemotingServer(
                        RemotingServerConfig.builder()
                                .bindAddress("127.0.0.1")
                                .port(server.port())
                                .build());
        assertThatThrownBy(second::start)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(String.valueOf(server.port()));
    }
}
