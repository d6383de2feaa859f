package io.bolide.remoting;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.protocol.frame.SerializeType;
import io.bolide.testsupport.Await;
import io.bolide.testsupport.LeakCheck;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.rocketmq.remoting.InvokeCallback;
import org.apache.rocketmq.remoting.netty.NettyClientConfig;
import org.apache.rocketmq.remoting.netty.NettyRemotingClient;
import org.apache.rocketmq.remoting.netty.NettyRequestProcessor;
import org.apache.rocketmq.remoting.netty.ResponseFuture;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Apache's own 5.4.0 remoting client calls a Bolide server. */
@ExtendWith(LeakCheck.class)
class ApacheClientCompatibilityTest {
    private static final int ONEWAY_SINK = 104;
    private static final int CALL_BACK = 106;
    private static final int CLIENT_SIDE = 300;

    private static RemotingServer server;
    private static NettyRemotingClient apache;
    private static ExecutorService clientPool;
    private static String address;
    private static final AtomicInteger onewaySeen = new AtomicInteger();

    @BeforeAll
    static void start() throws Exception {
        server =
                new RemotingServer(RemotingServerConfig.builder().bindAddress("127.0.0.1").build());
        server.registerHandler(Echo.CODE, Echo.HANDLER);
        server.registerHandler(ONEWAY_SINK, (request, exchange) -> onewaySeen.incrementAndGet());
        server.registerHandler(CALL_BACK, ApacheClientCompatibilityTest::callClientBack);
        server.start();
        address = "127.0.0.1:" + server.port();
        apache = new NettyRemotingClient(new NettyClientConfig());
        clientPool = Executors.newFixedThreadPool(2);
        apache.registerProcessor(CLIENT_SIDE, new Reverse(), clientPool);
        apache.start();
    }

    @AfterAll
    static void stop() throws Exception {
        apache.shutdown();
        clientPool.shutdownNow();
        server.shutdown(Duration.ofSeconds(5));
    }

    private static void callClientBack(
            io.bolide.protocol.frame.RemotingCommand request, Exchange exchange) {
        exchange.connection()
                .invoke(CLIENT_SIDE, null, request.body().retain(), 3000)
                .whenComplete(
                        (response, failure) -> {
                            if (failure != null) {
                                exchange.respond(1, failure.toString());
                                return;
                            }
                            exchange.respond(0, "client answered", null, response.body().retain());
                            response.release();
                        });
    }

    /** The Apache client's processor for server-to-client requests: reverses the body. */
    static final class Reverse implements NettyRequestProcessor {
        @Override
        public RemotingCommand processRequest(
                io.netty.channel.ChannelHandlerContext ctx, RemotingCommand request) {
            RemotingCommand response = RemotingCommand.createResponseCommand(0, null);
            response.setBody(
                    new StringBuilder(new String(request.getBody(), StandardCharsets.UTF_8))
                            .reverse()
                            .toString()
                            .getBytes(StandardCharsets.UTF_8));
            return response;
        }

        @Override
        public boolean rejectRequest() {
            return false;
        }
    }

    static RemotingCommand request(int code, SerializeType type, byte[] body) {
        RemotingCommand request = RemotingCommand.createRequestCommand(code, null);
        request.setSerializeTypeCurrentRPC(
                org.apache.rocketmq.remoting.protocol.SerializeType.valueOf(type.name()));
        request.addExtField("topic", "TopicTest");
        request.addExtField("queueId", "3");
        request.setBody(body);
        return request;
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldAnswerApacheSyncCall(SerializeType type) throws Exception {
        RemotingCommand response =
                apache.invokeSync(address, request(Echo.CODE, type, "hello".getBytes()), 3000);
        assertThat(response.getCode()).isZero();
        assertThat(response.isResponseType()).isTrue();
        assertThat(response.getSerializeTypeCurrentRPC().name()).isEqualTo(type.name());
        assertThat(response.getExtFields())
                .containsEntry("topic", "TopicTest")
                .containsEntry("queueId", "3");
        assertThat(new String(response.getBody(), StandardCharsets.UTF_8)).isEqualTo("hello");
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldAnswerApacheAsyncCall(SerializeType type) throws Exception {
        CompletableFuture<RemotingCommand> answer = new CompletableFuture<>();
        apache.invokeAsync(
                address,
                request(Echo.CODE, type, "async".getBytes()),
                3000,
                new InvokeCallback() {
                    @Override
                    public void operationComplete(ResponseFuture responseFuture) {
                        if (responseFuture.getResponseCommand() != null) {
                            answer.complete(responseFuture.getResponseCommand());
                        }
                    }

                    @Override
                    public void operationSucceed(RemotingCommand response) {
                        answer.complete(response);
                    }

                    @Override
                    public void operationFail(Throwable throwable) {
                        answer.completeExceptionally(throwable);
                    }
                });
        RemotingCommand response = answer.get(5, TimeUnit.SECONDS);
        assertThat(new String(response.getBody(), StandardCharsets.UTF_8)).isEqualTo("async");
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldServeApacheOnewayWithoutAnswer(SerializeType type) throws Exception {
        int before = onewaySeen.get();
        apache.invokeOneway(address, request(ONEWAY_SINK, type, "x".getBytes()), 3000);
        apache.invokeOneway(address, request(999, type, null), 3000);
        Await.until(Duration.ofSeconds(5), () -> onewaySeen.get() == before + 1, "oneway served");
        RemotingCommand response =
                apache.invokeSync(address, request(Echo.CODE, type, "next".getBytes()), 3000);
        assertThat(new String(response.getBody(), StandardCharsets.UTF_8)).isEqualTo("next");
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldEchoFourMebibyteBody(SerializeType type) throws Exception {
        byte[] body = new byte[4 * 1024 * 1024];
        new Random(7).nextBytes(body);
        RemotingCommand response =
                apache.invokeSync(address, request(Echo.CODE, type, body), 10_000);
        assertThat(response.getBody()).isEqualTo(body);
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldAnswerUnknownCodeSoApacheSeesNotSupported(SerializeType type) throws Exception {
        RemotingCommand response = apache.invokeSync(address, request(777, type, null), 3000);
        assertThat(response.getCode()).isEqualTo(3);
        assertThat(response.getRemark()).contains("777");
    }

    @Test
    void shouldServeManyConcurrentApacheCallers() throws Exception {
        ExecutorService callers = Executors.newFixedThreadPool(16);
        try {
            List<Future<Boolean>> results = new ArrayList<>();
            for (int t = 0; t < 16; t++) {
                int caller = t;
                results.add(
                        callers.submit(
                                () -> {
                                    for (int i = 0; i < 200; i++) {
                                        String text = caller + "-" + i;
                                        SerializeType type = SerializeType.values()[i % 2];
                                        RemotingCommand response =
                                                apache.invokeSync(
                                                        address,
                                                        request(Echo.CODE, type, text.getBytes()),
                                                        5000);
                                        if (!text.equals(
                                                new String(
                                                        response.getBody(),
                                                        StandardCharsets.UTF_8))) {
                                            return false;
                                        }
                                    }
                                    return true;
                                }));
            }
            for (Future<Boolean> result : results) {
                assertThat(result.get(60, TimeUnit.SECONDS)).isTrue();
            }
        } finally {
            callers.shutdownNow();
        }
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldCallApacheClientBackOverItsConnection(SerializeType type) throws Exception {
        RemotingCommand response =
                apache.invokeSync(address, request(CALL_BACK, type, "abc".getBytes()), 5000);
        assertThat(response.getCode()).isZero();
        assertThat(response.getRemark()).isEqualTo("client answered");
        assertThat(new String(response.getBody(), StandardCharsets.UTF_8)).isEqualTo("cba");
    }

    @Test
    void shouldKeepOneConnectionPerApacheClientWithItsAddress() throws Exception {
        apache.invokeSync(address, request(Echo.CODE, SerializeType.JSON, null), 3000);
        assertThat(server.connections()).hasSize(1);
        assertThat(server.connections().iterator().next().remoteAddress()).startsWith("127.0.0.1:");
    }
}
