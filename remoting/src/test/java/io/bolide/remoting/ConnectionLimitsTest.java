package io.bolide.remoting;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.frame.SerializeType;
import io.bolide.testsupport.Await;
import io.bolide.testsupport.LeakCheck;
import io.netty.buffer.Unpooled;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What one peer may hold of a listener: connections in all and per address, time to finish a frame
 * it started, frames larger than the limit, and requests waiting for answers. Each violation closes
 * (or pauses) only the offending connection; a well-behaved client keeps being served.
 */
@ExtendWith(LeakCheck.class)
class ConnectionLimitsTest {
    private static final int PARKED = 101;

    private static RemotingServer server(ConnectionLimits limits) throws InterruptedException {
        return server(limits, 20);
    }

    private static RemotingServer server(ConnectionLimits limits, long scanIntervalMillis)
            throws InterruptedException {
        RemotingServer server =
                new RemotingServer(
                        RemotingServerConfig.builder()
                                .bindAddress("127.0.0.1")
                                .maxFrame(64 * 1024)
                                .scanIntervalMillis(scanIntervalMillis)
                                .limits(limits)
                                .build());
        server.registerHandler(Echo.CODE, Echo.HANDLER);
        return server;
    }

    private static void assertServed(RemotingServer server) throws Exception {
        try (RemotingClient client = new RemotingClient(RemotingClientConfig.builder().build())) {
            RemotingCommand response =
                    client.invokeSync(
                            "127.0.0.1:" + server.port(),
                            Echo.CODE,
                            Echo.headerOf(Map.of()),
                            Unpooled.copiedBuffer("ok", StandardCharsets.UTF_8),
                            5_000);
            try {
                assertThat(Echo.text(response)).isEqualTo("ok");
            } finally {
                response.release();
            }
        }
    }

    /** Whether the server closed {@code socket} (end of stream or reset) within 10 s. */
    private static boolean closedByServer(Socket socket) throws IOException {
        socket.setSoTimeout(10_000);
        try {
            InputStream in = socket.getInputStream();
            while (in.read() >= 0) {
                // a refused connection gets no bytes; read until the end
            }
            return true;
        } catch (SocketException e) {
            return true; // reset
        }
    }

    @Test
    void shouldRefuseConnectionsBeyondThePerAddressCap() throws Exception {
        RemotingServer server = server(new ConnectionLimits(0, 3, 0, 0)).start();
        List<Socket> open = new ArrayList<>();
        try {
            for (int i = 0; i < 3; i++) {
                open.add(new Socket("127.0.0.1", server.port()));
            }
            Await.until(() -> server.connections().size() == 3, "three connections");
            try (Socket fourth = new Socket("127.0.0.1", server.port())) {
                assertThat(closedByServer(fourth)).isTrue();
            }
            open.remove(0).close();
            Await.until(() -> server.connections().size() == 2, "one closed");
            assertServed(server);
        } finally {
            for (Socket socket : open) {
                socket.close();
            }
            server.shutdown(Duration.ofSeconds(5));
        }
    }

    @Test
    void shouldRefuseConnectionsBeyondTheListenerCap() throws Exception {
        RemotingServer server = server(new ConnectionLimits(2, 0, 0, 0)).start();
        // Each connection is admitted on its own I/O thread, so three sockets opened at once race
        // for the two places; open the third only once the first two hold theirs.
        try (Socket one = new Socket("127.0.0.1", server.port());
                Socket two = new Socket("127.0.0.1", server.port())) {
            Await.until(() -> server.connections().size() == 2, "two connections admitted");
            try (Socket three = new Socket("127.0.0.1", server.port())) {
                assertThat(closedByServer(three)).isTrue();
            }
            assertThat(server.connections()).hasSize(2);
            assertThat(one.isConnected() && two.isConnected()).isTrue();
        } finally {
            server.shutdown(Duration.ofSeconds(5));
        }
    }

    @Test
    void shouldCloseConnectionThatStopsInTheMiddleOfAFrame() throws Exception {
        RemotingServer server = server(new ConnectionLimits(0, 0, 300, 0)).start();
        byte[] frame = HostileInputTest.validFrame(SerializeType.JSON, Echo.CODE, 1, "body");
        try (Socket stalled = new Socket("127.0.0.1", server.port())) {
            OutputStream out = stalled.getOutputStream();
            out.write(frame); // a whole frame: answered
            out.write(Arrays.copyOf(frame, frame.length / 2)); // half of the next: never finished
            out.flush();
            long start = System.nanoTime();
            assertThat(closedByServer(stalled)).isTrue();
            assertThat(Duration.ofNanos(System.nanoTime() - start))
                    .isLessThan(Duration.ofSeconds(5));
            assertServed(server);
        } finally {
            server.shutdown(Duration.ofSeconds(5));
        }
    }

    @Test
    void shouldKeepServingAPeerWhoseFramesKeepArriving() throws Exception {
        // The deadline is per frame, not per connection: each finished frame clears it. The test
        // reads the deadline with its own times (a 60 s sweep never runs meanwhile), so a loaded
        // host's scheduling delay between the two halves of a frame cannot close the connection.
        RemotingServer server = server(new ConnectionLimits(0, 0, 200, 0), 60_000).start();
        long deadline = 200_000_000L;
        byte[] frame = HostileInputTest.validFrame(SerializeType.JSON, Echo.CODE, 1, "body");
        try (Socket slow = new Socket("127.0.0.1", server.port())) {
            OutputStream out = slow.getOutputStream();
            InputStream in = slow.getInputStream();
            slow.setSoTimeout(5_000);
            Await.until(() -> server.connections().size() == 1, "connected");
            Connection connection = server.connections().iterator().next();
            for (int i = 0; i < 4; i++) {
                long before = System.nanoTime();
                out.write(Arrays.copyOf(frame, 10));
                out.flush();
                Await.until(connection::hasPartialFrame, "a frame started");
                assertThat(connection.frameOverdue(before + deadline, deadline))
                        .as("frame %d judged from its own start", i)
                        .isFalse();
                assertThat(connection.frameOverdue(System.nanoTime() + deadline + 2, deadline))
                        .isTrue();
                out.write(Arrays.copyOfRange(frame, 10, frame.length));
                out.flush();
                int length = new java.io.DataInputStream(in).readInt();
                in.skipNBytes(length);
                Await.until(() -> !connection.hasPartialFrame(), "the frame finished");
            }
            assertThat(server.connections()).containsExactly(connection);
        } finally {
            server.shutdown(Duration.ofSeconds(5));
        }
    }

    @Test
    void shouldNotBlameThePeerForAFrameLeftUnreadWhileItsReadsArePaused() throws Exception {
        // The test drives the frame deadline with its own clock: the server's sweep, which would
        // move a paused frame's start to the real time in between, must not run meanwhile.
        RemotingServer server = server(new ConnectionLimits(0, 0, 300, 2), 60_000);
        ConcurrentLinkedQueue<Exchange> parked = new ConcurrentLinkedQueue<>();
        server.registerHandler(PARKED, (request, exchange) -> parked.add(exchange));
        server.start();
        byte[] third = HostileInputTest.validFrame(SerializeType.JSON, PARKED, 3, "x");
        try (Socket socket = new Socket("127.0.0.1", server.port())) {
            OutputStream out = socket.getOutputStream();
            byte[] one = HostileInputTest.validFrame(SerializeType.JSON, PARKED, 1, "x");
            byte[] two = HostileInputTest.validFrame(SerializeType.JSON, PARKED, 2, "x");
            byte[] burst = new byte[one.length + two.length + 10];
            System.arraycopy(one, 0, burst, 0, one.length);
            System.arraycopy(two, 0, burst, one.length, two.length);
            System.arraycopy(third, 0, burst, one.length + two.length, 10);
            out.write(burst); // two requests, then the start of a third, in one write
            out.flush();
            Await.until(() -> parked.size() == 2, "two requests parked");
            Connection connection = server.connections().iterator().next();
            Await.until(() -> connection.hasPartialFrame(), "the third frame started");
            Await.until(() -> connection.readGate().paused(), "reads paused");
            long farLater = System.nanoTime() + 60_000_000_000L;
            long deadline = 300_000_000L;
            assertThat(connection.frameOverdue(farLater, deadline)).isFalse();
            parked.poll().respond(0, null); // half answered: reads resume
            Await.until(() -> !connection.readGate().paused(), "reads resumed");
            assertThat(connection.frameOverdue(farLater + deadline / 2, deadline))
                    .as("the peer gets a whole deadline after the pause")
                    .isFalse();
            out.write(Arrays.copyOfRange(third, 10, third.length));
            out.flush();
            Await.until(() -> parked.size() == 2, "the third request parked");
            assertThat(connection.isActive()).isTrue();
            for (Exchange exchange : parked) {
                exchange.respond(0, null);
            }
        } finally {
            server.shutdown(Duration.ofSeconds(5));
        }
    }

    @Test
    void shouldRefuseOversizedFrameBeforeItsBodyArrives() throws Exception {
        RemotingServer server = server(ConnectionLimits.DEFAULT).start();
        try (Socket socket = new Socket("127.0.0.1", server.port())) {
            // announces 1 GiB, sends 8 bytes: refused on the length alone
            socket.getOutputStream()
                    .write(ByteBuffer.allocate(8).putInt(1 << 30).putInt(0).array());
            socket.getOutputStream().flush();
            assertThat(closedByServer(socket)).isTrue();
            assertServed(server);
        } finally {
            server.shutdown(Duration.ofSeconds(5));
        }
    }

    @Test
    void shouldStopReadingPeerWithTooManyRequestsInFlightAndResumeWhenAnswered() throws Exception {
        RemotingServer server = server(new ConnectionLimits(0, 0, 0, 4));
        ConcurrentLinkedQueue<Exchange> parked = new ConcurrentLinkedQueue<>();
        server.registerHandler(PARKED, (request, exchange) -> parked.add(exchange));
        server.start();
        try (Socket socket = new Socket("127.0.0.1", server.port())) {
            OutputStream out = socket.getOutputStream();
            for (int i = 1; i <= 4; i++) {
                out.write(HostileInputTest.validFrame(SerializeType.JSON, PARKED, i, "x"));
                out.flush();
                int expected = i;
                Await.until(() -> parked.size() == expected, "request " + expected + " parked");
            }
            Connection connection = server.connections().iterator().next();
            Await.until(
                    () -> !connection.channel().config().isAutoRead(),
                    "reads paused at 4 requests in flight");
            out.write(HostileInputTest.validFrame(SerializeType.JSON, PARKED, 5, "x"));
            out.flush();
            assertThat(parked).hasSize(4);
            assertThat(connection.requestsInFlight()).isEqualTo(4);
            parked.poll().respond(0, null);
            parked.poll().respond(0, null); // half answered: reading resumes
            Await.until(() -> parked.size() == 3, "the fifth request read");
            assertThat(connection.channel().config().isAutoRead()).isTrue();
            assertServed(server);
            for (Exchange exchange : parked) {
                exchange.respond(0, null);
            }
        } finally {
            server.shutdown(Duration.ofSeconds(5));
        }
    }
}
