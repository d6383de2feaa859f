package io.bolide.remoting;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.protocol.frame.RemotingCommand;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class LocalCallsTest {
    private static final InetSocketAddress PEER = new InetSocketAddress("10.1.2.3", 4567);

    @Test
    void shouldDispatchToTheHandlerAsThePeerAndCompleteWithItsAnswerFromAnyThread()
            throws Exception {
        RemotingServer server = new RemotingServer(RemotingServerConfig.builder().build());
        AtomicReference<String> seenPeer = new AtomicReference<>();
        ExecutorService later = Executors.newSingleThreadExecutor();
        try {
            server.registerHandler(
                    77,
                    (request, exchange) -> {
                        seenPeer.set(exchange.connection().remoteAddress());
                        String body = request.body().toString(StandardCharsets.UTF_8);
                        // Answered from another thread, as a store completion would.
                        later.execute(
                                () ->
                                        exchange.respond(
                                                0,
                                                "echo",
                                                null,
                                                Unpooled.copiedBuffer(
                                                        body.toUpperCase(),
                                                        StandardCharsets.UTF_8)));
                    },
                    Runnable::run);
            ByteBuf body = Unpooled.copiedBuffer("hello", StandardCharsets.UTF_8);

            CompletableFuture<RemotingCommand> answer =
                    server.localCalls().call(PEER, 77, null, body);

            RemotingCommand response = answer.get(10, TimeUnit.SECONDS);
            try {
                assertThat(response.isResponse()).isTrue();
                assertThat(response.code()).isZero();
                assertThat(response.remark()).isEqualTo("echo");
                assertThat(response.body().toString(StandardCharsets.UTF_8)).isEqualTo("HELLO");
            } finally {
                response.release();
                body.release();
            }
            assertThat(seenPeer.get()).isEqualTo("10.1.2.3:4567");
        } finally {
            later.shutdownNow();
        }
    }

    @Test
    void shouldPassThroughTheGateAndAnswerAnUnknownCodeAsTheNetworkIsAnswered() throws Exception {
        RemotingServer server = new RemotingServer(RemotingServerConfig.builder().build());
        server.registerHandler(78, (request, exchange) -> exchange.respond(0, null));
        server.gate(
                (request, exchange) -> {
                    exchange.respond(16, "refused by the gate");
                    return false;
                });

        RemotingCommand refused =
                server.localCalls().call(PEER, 78, null, null).get(10, TimeUnit.SECONDS);
        RemotingCommand unknown =
                server.localCalls().call(PEER, 79, null, null).get(10, TimeUnit.SECONDS);

        try {
            assertThat(refused.code()).isEqualTo(16);
            assertThat(refused.remark()).isEqualTo("refused by the gate");
            assertThat(unknown.code()).isEqualTo(ResponseCodes.REQUEST_CODE_NOT_SUPPORTED);
        } finally {
            refused.release();
            unknown.release();
        }
    }

    @Test
    void shouldSkipOnlyTheGateForARequestItsCallerHasChecked() throws Exception {
        RemotingServer server = new RemotingServer(RemotingServerConfig.builder().build());
        server.registerHandler(78, (request, exchange) -> exchange.respond(0, "handled"));
        server.gate(
                (request, exchange) -> {
                    exchange.respond(16, "refused by the gate");
                    return false;
                });

        RemotingCommand checked =
                server.localCalls().callChecked(PEER, 78, null, null).get(10, TimeUnit.SECONDS);
        RemotingCommand unknown =
                server.localCalls().callChecked(PEER, 79, null, null).get(10, TimeUnit.SECONDS);

        try {
            assertThat(checked.code()).isZero();
            assertThat(checked.remark()).isEqualTo("handled");
            assertThat(unknown.code()).isEqualTo(ResponseCodes.REQUEST_CODE_NOT_SUPPORTED);
        } finally {
            checked.release();
            unknown.release();
        }
    }

    @Test
    void shouldKeepOneChannelPerPeerAndRouteEachAnswerToItsCallWhenAnsweredOutOfOrder()
            throws Exception {
        RemotingServer server = new RemotingServer(RemotingServerConfig.builder().build());
        java.util.List<Exchange> held = new java.util.concurrent.CopyOnWriteArrayList<>();
        server.registerHandler(80, (request, exchange) -> held.add(exchange), Runnable::run);

        CompletableFuture<RemotingCommand> first = server.localCalls().call(PEER, 80, null, null);
        CompletableFuture<RemotingCommand> second = server.localCalls().call(PEER, 80, null, null);
        CompletableFuture<RemotingCommand> other =
                server.localCalls().call(new InetSocketAddress("10.1.2.4", 4567), 80, null, null);
        assertThat(held).hasSize(3);
        // Answered last first: each answer still completes its own call.
        held.get(2).respond(0, "other");
        held.get(1).respond(0, "second");
        held.get(0).respond(0, "first");

        for (var call : java.util.List.of(first, second, other)) {
            RemotingCommand response = call.get(10, TimeUnit.SECONDS);
            try {
                assertThat(response.remark())
                        .isEqualTo(call == first ? "first" : call == second ? "second" : "other");
            } finally {
                response.release();
            }
        }
        assertThat(held.get(0).connection()).isSameAs(held.get(1).connection());
        assertThat(held.get(2).connection()).isNotSameAs(held.get(0).connection());
        assertThat(held.get(2).connection().remoteAddress()).isEqualTo("10.1.2.4:4567");
        assertThat(server.localCalls().peers()).isEqualTo(2);
    }

    @Test
    void shouldCloseIdlePeerChannelsBeyondTheLimitAndKeepOnesWithACallInFlight() throws Exception {
        RemotingServer server = new RemotingServer(RemotingServerConfig.builder().build());
        java.util.List<Exchange> held = new java.util.concurrent.CopyOnWriteArrayList<>();
        server.registerHandler(81, (request, exchange) -> held.add(exchange), Runnable::run);
        AtomicReference<Connection> firstIdle = new AtomicReference<>();
        server.registerHandler(
                82,
                (request, exchange) -> {
                    firstIdle.compareAndSet(null, exchange.connection());
                    exchange.respond(0, null);
                },
                Runnable::run);
        LocalCalls calls = server.localCalls();
        CompletableFuture<RemotingCommand> pending = calls.call(PEER, 81, null, null);
        Exchange busy = held.get(0);
        for (int i = 1; i < LocalCalls.MAX_PEERS; i++) {
            InetSocketAddress idle = new InetSocketAddress("10.9." + (i >> 8) + "." + (i & 255), 1);
            calls.call(idle, 82, null, null).get(10, TimeUnit.SECONDS).release();
        }
        assertThat(calls.peers()).isEqualTo(LocalCalls.MAX_PEERS);

        calls.call(new InetSocketAddress("10.8.0.1", 1), 82, null, null)
                .get(10, TimeUnit.SECONDS)
                .release();

        // The idle ones went, the busy one and the newcomer stayed; the busy call still completes.
        assertThat(calls.peers()).isEqualTo(2);
        assertThat(firstIdle.get().isActive()).as("an evicted channel is closed").isFalse();
        assertThat(busy.connection().isActive()).isTrue();
        busy.respond(0, "late");
        RemotingCommand late = pending.get(10, TimeUnit.SECONDS);
        try {
            assertThat(late.remark()).isEqualTo("late");
        } finally {
            late.release();
        }
    }
}
