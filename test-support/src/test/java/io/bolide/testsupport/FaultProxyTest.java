package io.bolide.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class FaultProxyTest {
    private static final Duration DEADLINE = Duration.ofSeconds(10);

    @Test
    void shouldForwardStallResumeAndCut() throws Exception {
        try (ServerSocket echo = new ServerSocket(0, 5, InetAddress.getLoopbackAddress());
                FaultProxy proxy = FaultProxy.start("127.0.0.1", echo.getLocalPort())) {
            Thread server = new Thread(() -> echoOne(echo), "echo");
            server.setDaemon(true);
            server.start();
            try (Socket client = new Socket(InetAddress.getLoopbackAddress(), proxy.port())) {
                client.setSoTimeout(300);
                OutputStream out = client.getOutputStream();
                InputStream in = client.getInputStream();
                out.write(1);
                assertThat(in.read()).isEqualTo(1);
                Await.until(DEADLINE, () -> proxy.open() == 1, "one forwarding connection");

                proxy.stall();
                out.write(2);
                assertThat(readTimesOut(in)).as("nothing flows while stalled").isTrue();
                proxy.resume();
                client.setSoTimeout((int) DEADLINE.toMillis());
                assertThat(in.read()).as("the stalled byte arrives on resume").isEqualTo(2);

                proxy.cut();
                assertThat(in.read()).as("a cut closes the connection").isEqualTo(-1);
            }
            try (Socket refused = new Socket(InetAddress.getLoopbackAddress(), proxy.port())) {
                refused.setSoTimeout((int) DEADLINE.toMillis());
                assertThat(refused.getInputStream().read()).as("refused while cut").isEqualTo(-1);
            }
            assertThat(proxy.accepted()).isEqualTo(2);
        }
    }

    private static boolean readTimesOut(InputStream in) throws IOException {
        try {
            in.read();
            return false;
        } catch (SocketTimeoutException e) {
            return true;
        }
    }

    private static void echoOne(ServerSocket echo) {
        try (Socket peer = echo.accept()) {
            InputStream in = peer.getInputStream();
            OutputStream out = peer.getOutputStream();
            int b;
            while ((b = in.read()) >= 0) {
                out.write(b);
            }
        } catch (IOException e) {
            // the proxy closed the connection: the test is over
        }
    }
}
