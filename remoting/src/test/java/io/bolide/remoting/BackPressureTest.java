package io.bolide.remoting;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.frame.SerializeType;
import io.bolide.testsupport.Await;
import io.bolide.testsupport.LeakCheck;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import java.io.DataInputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** A peer that does not read its responses stops being read, and is read again once it drains. */
@ExtendWith(LeakCheck.class)
class BackPressureTest {
    private static final int REQUESTS = 64;
    private static final int BODY = 256 * 1024;

    @Test
    void shouldStopReadingFromPeerThatDoesNotDrainResponses() throws Exception {
        RemotingServer server =
                new RemotingServer(
                        RemotingServerConfig.builder()
                                .bindAddress("127.0.0.1")
                                .writeLimits(new WriteLimits(256 * 1024, 512 * 1024))
                                .build());
        server.registerHandler(Echo.CODE, Echo.HANDLER);
        server.start();
        byte[] frame =
                HostileInputTest.validFrame(SerializeType.JSON, Echo.CODE, 1, "x".repeat(BODY));
        try (Socket socket = new Socket("127.0.0.1", server.port())) {
            socket.setSoTimeout(10_000);
            socket.setReceiveBufferSize(64 * 1024);
            OutputStream out = socket.getOutputStream();
            CompletableFuture<Void> writer =
                    CompletableFuture.runAsync(
                            () -> {
                                try {
                                    for (int i = 0; i < REQUESTS; i++) {
                                        out.write(frame);
                                    }
                                    out.flush();
                                } catch (java.io.IOException e) {
                                    throw new IllegalStateException(e);
                                }
                            });
            Await.until(
                    Duration.ofSeconds(10), () -> server.connections().size() == 1, "connected");
            Channel channel = server.connections().iterator().next().channel();
            Await.until(
                    Duration.ofSeconds(10), () -> !channel.config().isAutoRead(), "reads paused");
            DataInputStream in = new DataInputStream(socket.getInputStream());
            for (int i = 0; i < REQUESTS; i++) {
                int length = in.readInt();
                in.skipNBytes(length);
            }
            writer.get(10, TimeUnit.SECONDS);
            Await.until(
                    Duration.ofSeconds(10), () -> channel.config().isAutoRead(), "reads resumed");
        } finally {
            server.shutdown(Duration.ofSeconds(5));
        }
    }

    @Test
    void shouldCompleteFloodOfLargeCallsWhenBothEndsHaveSmallBuffers() throws Exception {
        WriteLimits small = new WriteLimits(32 * 1024, 64 * 1024);
        RemotingServer server =
                new RemotingServer(
                        RemotingServerConfig.builder()
                                .bindAddress("127.0.0.1")
                                .writeLimits(small)
                                .build());
        server.registerHandler(Echo.CODE, Echo.HANDLER);
        server.start();
        RemotingClientConfig config = RemotingClientConfig.builder().writeLimits(small).build();
        try (RemotingClient client = new RemotingClient(config)) {
            String address = "127.0.0.1:" + server.port();
            List<CompletableFuture<RemotingCommand>> calls = new ArrayList<>();
            for (int i = 0; i < REQUESTS; i++) {
                ByteBuf body = Unpooled.buffer(BODY).writeZero(BODY);
                calls.add(client.invokeAsync(address, Echo.CODE, null, body, 20_000));
            }
            for (CompletableFuture<RemotingCommand> call : calls) {
                RemotingCommand response = call.get(20, TimeUnit.SECONDS);
                assertThat(response.bodyLength()).isEqualTo(BODY);
                response.release();
            }
        } finally {
            server.shutdown(Duration.ofSeconds(5));
        }
    }
}
