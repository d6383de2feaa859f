package io.bolide.remoting;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.protocol.frame.CommandEncoder;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.frame.SerializeType;
import io.bolide.testsupport.LeakCheck;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Random and malformed byte streams against a server over TCP: the offending connection closes with
 * at most one log line naming its address, other connections keep being served, and no buffer
 * leaks. Each kind of malformed frame is pinned down, socket-free, in {@link EmbeddedPipelineTest}.
 */
@ExtendWith(LeakCheck.class)
class HostileInputTest {
    private static final String HANDLER_LOG = "io.bolide.remoting.ConnectionHandler";
    private static final int MAX_FRAME = 64 * 1024;

    private static RemotingServer server;

    @BeforeAll
    static void start() throws Exception {
        server =
                new RemotingServer(
                        RemotingServerConfig.builder()
                                .bindAddress("127.0.0.1")
                                .maxFrame(MAX_FRAME)
                                .ioThreads(2)
                                .build());
        server.registerHandler(Echo.CODE, Echo.HANDLER);
        server.start();
    }

    @AfterAll
    static void stop() throws Exception {
        server.shutdown(Duration.ofSeconds(5));
    }

    static byte[] validFrame(SerializeType type, int code, int opaque, String body) {
        ByteBuf out = Unpooled.buffer();
        CommandEncoder.encodeWithBody(
                out,
                type,
                code,
                opaque,
                0,
                "remark",
                Echo.headerOf(Map.of("topic", "TopicTest", "queueId", "2")),
                Unpooled.copiedBuffer(body, StandardCharsets.UTF_8));
        byte[] bytes = ByteBufUtil.getBytes(out);
        out.release();
        return bytes;
    }

    /** Sends {@code bytes}, half-closes, and reads until the server closes. */
    static Outcome send(byte[] bytes) throws IOException {
        RecordingAppender.clear(HANDLER_LOG);
        try (Socket socket = new Socket("127.0.0.1", server.port())) {
            socket.setSoTimeout(5000);
            int localPort = socket.getLocalPort();
            socket.getOutputStream().write(bytes);
            socket.getOutputStream().flush();
            socket.shutdownOutput();
            InputStream in = socket.getInputStream();
            byte[] buffer = new byte[8192];
            int received = 0;
            for (int n; (n = in.read(buffer)) != -1; ) {
                received += n;
            }
            List<String> lines = RecordingAppender.messages(HANDLER_LOG, "");
            return new Outcome(localPort, received, lines);
        }
    }

    record Outcome(int localPort, int received, List<String> lines) {
        void assertAtMostOneLineNamingPeer() {
            assertThat(lines).hasSizeLessThanOrEqualTo(1);
            lines.forEach(l -> assertThat(l).contains("127.0.0.1:" + localPort));
        }
    }

    @Test
    void shouldSurviveRandomStreamsWhileServingAWellBehavedClient() throws Exception {
        AtomicBoolean fuzzing = new AtomicBoolean(true);
        AtomicInteger served = new AtomicInteger();
        try (RemotingClient client = new RemotingClient(RemotingClientConfig.builder().build())) {
            String address = "127.0.0.1:" + server.port();
            CompletableFuture<Void> wellBehaved =
                    CompletableFuture.runAsync(() -> callUntil(client, address, fuzzing, served));
            Random random = new Random(20_260_123L);
            int rejected = 0;
            int answered = 0;
            for (int i = 0; i < 1500; i++) {
                for (Outcome outcome :
                        List.of(send(randomStream(random)), send(mutatedFrame(random)))) {
                    outcome.assertAtMostOneLineNamingPeer();
                    rejected += outcome.lines().size();
                    answered += outcome.received() > 0 ? 1 : 0;
                }
            }
            fuzzing.set(false);
            wellBehaved.get(30, TimeUnit.SECONDS);
            assertThat(served.get()).isPositive();
            assertThat(rejected).as("streams rejected as malformed").isGreaterThan(1000);
            assertThat(answered).as("mutations that still parsed and were answered").isPositive();
        }
    }

    private static void callUntil(
            RemotingClient client, String address, AtomicBoolean running, AtomicInteger served) {
        while (running.get() || served.get() == 0) {
            try {
                String text = "ok-" + served.get();
                RemotingCommand response =
                        client.invokeSync(
                                address,
                                Echo.CODE,
                                null,
                                Unpooled.copiedBuffer(text, StandardCharsets.UTF_8),
                                5000);
                String back = Echo.text(response);
                response.release();
                if (!back.equals(text)) {
                    throw new AssertionError("echo mismatch: " + back);
                }
                served.incrementAndGet();
            } catch (InterruptedException | RemotingException e) {
                throw new AssertionError("well-behaved client failed", e);
            }
        }
    }

    /** Random bytes, often behind a plausible length so the frame parsers see them. */
    private static byte[] randomStream(Random random) {
        byte[] bytes = new byte[1 + random.nextInt(2048)];
        random.nextBytes(bytes);
        if (bytes.length >= 8 && random.nextBoolean()) {
            ByteBuffer.wrap(bytes).putInt(bytes.length - 4).put(4, (byte) random.nextInt(2));
        }
        return bytes;
    }

    /** A valid frame with a few bytes flipped, truncated, or followed by garbage. */
    private static byte[] mutatedFrame(Random random) {
        SerializeType type = random.nextBoolean() ? SerializeType.JSON : SerializeType.ROCKETMQ;
        byte[] frame = validFrame(type, Echo.CODE, random.nextInt(), "body-" + random.nextInt(100));
        int flips = 1 + random.nextInt(4);
        for (int f = 0; f < flips; f++) {
            int at = 4 + random.nextInt(frame.length - 4);
            frame[at] = (byte) random.nextInt(256);
        }
        switch (random.nextInt(4)) {
            case 0:
                return java.util.Arrays.copyOf(frame, 1 + random.nextInt(frame.length));
            case 1:
                byte[] longer =
                        java.util.Arrays.copyOf(frame, frame.length + 1 + random.nextInt(64));
                return longer;
            default:
                return frame;
        }
    }
}
