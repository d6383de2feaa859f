package io.bolide.remoting;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.frame.SerializeType;
import io.bolide.testsupport.Await;
import io.bolide.testsupport.LeakCheck;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.rocketmq.remoting.netty.NettyRemotingServer;
import org.apache.rocketmq.remoting.netty.NettyRequestProcessor;
import org.apache.rocketmq.remoting.netty.NettyServerConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** A Bolide client calls Apache's own 5.4.0 remoting server. */
@ExtendWith(LeakCheck.class)
class ApacheServerCompatibilityTest {
    private static final int ONEWAY_SINK = 104;
    private static final int CALL_BACK = 106;
    private static final int CLIENT_SIDE = 300;

    private static NettyRemotingServer apache;
    private static ExecutorService serverPool;
    private static String address;
    private static final AtomicInteger onewaySeen = new AtomicInteger();

    @BeforeAll
    static void start() {
        NettyServerConfig config = new NettyServerConfig();
        config.setListenPort(0);
        config.setBindAddress("127.0.0.1");
        apache = new NettyRemotingServer(config);
        serverPool = Executors.newFixedThreadPool(8);
        apache.registerProcessor(
                Echo.CODE, processor(ApacheServerCompatibilityTest::echo), serverPool);
        apache.registerProcessor(
                ONEWAY_SINK,
                processor(
                        (ctx, r) -> {
                            onewaySeen.incrementAndGet();
                            return null;
                        }),
                serverPool);
        apache.registerProcessor(
                CALL_BACK, processor(ApacheServerCompatibilityTest::callBack), serverPool);
        apache.start();
        address = "127.0.0.1:" + apache.localListenPort();
    }

    @AfterAll
    static void stop() {
        apache.shutdown();
        serverPool.shutdownNow();
    }

    interface Body {
        org.apache.rocketmq.remoting.protocol.RemotingCommand apply(
                ChannelHandlerContext ctx, org.apache.rocketmq.remoting.protocol.RemotingCommand r)
                throws Exception;
    }

    static NettyRequestProcessor processor(Body body) {
        return new NettyRequestProcessor() {
            @Override
            public org.apache.rocketmq.remoting.protocol.RemotingCommand processRequest(
                    ChannelHandlerContext ctx,
                    org.apache.rocketmq.remoting.protocol.RemotingCommand r)
                    throws Exception {
                return body.apply(ctx, r);
            }

            @Override
            public boolean rejectRequest() {
                return false;
            }
        };
    }

    static org.apache.rocketmq.remoting.protocol.RemotingCommand echo(
            ChannelHandlerContext ctx,
            org.apache.rocketmq.remoting.protocol.RemotingCommand request) {
        var response =
                org.apache.rocketmq.remoting.protocol.RemotingCommand.createResponseCommand(
                        0, null);
        response.setExtFields(request.getExtFields());
        response.setBody(request.getBody());
        return response;
    }

    static org.apache.rocketmq.remoting.protocol.RemotingCommand callBack(
            ChannelHandlerContext ctx,
            org.apache.rocketmq.remoting.protocol.RemotingCommand request)
            throws Exception {
        var toClient =
                org.apache.rocketmq.remoting.protocol.RemotingCommand.createRequestCommand(
                        CLIENT_SIDE, null);
        toClient.setBody(request.getBody());
        var answer = apache.invokeSync(ctx.channel(), toClient, 3000);
        var response =
                org.apache.rocketmq.remoting.protocol.RemotingCommand.createResponseCommand(
                        answer.getCode(), "client answered");
        response.setBody(answer.getBody());
        return response;
    }

    private static RemotingClient client(SerializeType type) {
        return new RemotingClient(RemotingClientConfig.builder().requestType(type).build());
    }

    private static ByteBuf text(String s) {
        return Unpooled.copiedBuffer(s, StandardCharsets.UTF_8);
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldCallApacheServerSync(SerializeType type) throws Exception {
        try (RemotingClient client = client(type)) {
            RemotingCommand response =
                    client.invokeSync(
                            address,
                            Echo.CODE,
                            Echo.headerOf(Map.of("topic", "T", "queueId", "1")),
                            text("hello"),
                            3000);
            try {
                assertThat(response.code()).isZero();
                assertThat(response.isResponse()).isTrue();
                assertThat(response.extFieldMap())
                        .containsEntry("topic", "T")
                        .containsEntry("queueId", "1");
                assertThat(Echo.text(response)).isEqualTo("hello");
                // docs/protocol/framing.md §9: the reference answers in its own configured form
                assertThat(response.serializeType()).isEqualTo(SerializeType.JSON);
            } finally {
                response.release();
            }
        }
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldCallApacheServerAsyncAndOneway(SerializeType type) throws Exception {
        try (RemotingClient client = client(type)) {
            int before = onewaySeen.get();
            client.invokeOneway(address, ONEWAY_SINK, null, text("fire"), 3000);
            Await.until(
                    Duration.ofSeconds(5), () -> onewaySeen.get() == before + 1, "oneway served");
            List<CompletableFuture<RemotingCommand>> calls = new ArrayList<>();
            for (int i = 0; i < 100; i++) {
                calls.add(client.invokeAsync(address, Echo.CODE, null, text("a" + i), 5000));
            }
            for (int i = 0; i < 100; i++) {
                RemotingCommand response = calls.get(i).get(10, TimeUnit.SECONDS);
                assertThat(Echo.text(response)).isEqualTo("a" + i);
                response.release();
            }
        }
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldSendAndReceiveFourMebibyteBodyThroughApacheServer(SerializeType type)
            throws Exception {
        byte[] body = new byte[4 * 1024 * 1024];
        new Random(11).nextBytes(body);
        try (RemotingClient client = client(type)) {
            RemotingCommand response =
                    client.invokeSync(
                            address, Echo.CODE, null, Unpooled.wrappedBuffer(body), 10_000);
            byte[] back = new byte[response.bodyLength()];
            response.body().getBytes(0, back);
            response.release();
            assertThat(back).isEqualTo(body);
        }
    }

    @Test
    void shouldSeeApacheServerAnswerUnknownCode() throws Exception {
        try (RemotingClient client = client(SerializeType.JSON)) {
            RemotingCommand response = client.invokeSync(address, 777, null, null, 3000);
            assertThat(response.code()).isEqualTo(3);
            assertThat(response.remark()).contains("777");
            response.release();
        }
    }

    @Test
    void shouldCallApacheServerFromConcurrentCallers() throws Exception {
        ExecutorService callers = Executors.newFixedThreadPool(16);
        try (RemotingClient client = client(SerializeType.JSON)) {
            List<CompletableFuture<Boolean>> results = new ArrayList<>();
            for (int t = 0; t < 16; t++) {
                int caller = t;
                results.add(
                        CompletableFuture.supplyAsync(
                                () -> {
                                    try {
                                        for (int i = 0; i < 200; i++) {
                                            String text = caller + "-" + i;
                                            RemotingCommand response =
                                                    client.invokeSync(
                                                            address,
                                                            Echo.CODE,
                                                            null,
                                                            text(text),
                                                            5000);
                                            boolean same = text.equals(Echo.text(response));
                                            response.release();
                                            if (!same) {
                                                return false;
                                            }
                                        }
                                        return true;
                                    } catch (Exception e) {
                                        throw new IllegalStateException(e);
                                    }
                                },
                                callers));
            }
            for (CompletableFuture<Boolean> result : results) {
                assertThat(result.get(60, TimeUnit.SECONDS)).isTrue();
            }
        } finally {
            callers.shutdownNow();
        }
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldServeApacheServerRequestOverClientConnection(SerializeType type) throws Exception {
        try (RemotingClient client = client(type)) {
            client.registerHandler(
                    CLIENT_SIDE,
                    (request, exchange) ->
                            exchange.respond(
                                    0,
                                    null,
                                    null,
                                    text(
                                            new StringBuilder(Echo.text(request))
                                                    .reverse()
                                                    .toString())));
            RemotingCommand response =
                    client.invokeSync(address, CALL_BACK, null, text("xyz"), 5000);
            assertThat(response.code()).isZero();
            assertThat(response.remark()).isEqualTo("client answered");
            assertThat(Echo.text(response)).isEqualTo("zyx");
            response.release();
        }
    }
}
