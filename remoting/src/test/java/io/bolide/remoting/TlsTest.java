package io.bolide.remoting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.frame.SerializeType;
import io.bolide.testsupport.LeakCheck;
import io.bolide.testsupport.TestCertificates;
import io.netty.buffer.Unpooled;
import io.netty.handler.ssl.OpenSsl;
import io.netty.handler.ssl.SslProvider;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * TLS on a listener in its three modes, with certificates made at test time: enforcing serves only
 * TLS clients and closes plain ones, permissive serves both on one port, a renewed certificate is
 * used by new connections without a restart, and a handshake that does not finish is cut off.
 */
@ExtendWith(LeakCheck.class)
class TlsTest {
    private static Path dir;
    private static TestCertificates first;
    private static TestCertificates second;

    @BeforeAll
    static void certificates() throws Exception {
        dir = Files.createTempDirectory("bolide-tls-");
        first = TestCertificates.generate(dir, "first");
        second = TestCertificates.generate(dir, "second");
    }

    @AfterAll
    static void cleanUp() throws Exception {
        try (var files = Files.list(dir)) {
            for (Path file : files.toList()) {
                Files.delete(file);
            }
        }
        Files.delete(dir);
    }

    private static RemotingServer server(TlsMode mode, TestCertificates certs, long handshakeMs)
            throws InterruptedException {
        ServerTlsConfig tls =
                ServerTlsConfig.DISABLED
                        .withMode(mode)
                        .withFiles(certs.certificate().toString(), certs.privateKey().toString())
                        .withTimes(handshakeMs, 60_000);
        RemotingServer server =
                new RemotingServer(
                        RemotingServerConfig.builder().bindAddress("127.0.0.1").tls(tls).build());
        server.registerHandler(Echo.CODE, Echo.HANDLER);
        return server.start();
    }

    /** A client that accepts only servers whose certificate chains to {@code trusted}. */
    private static RemotingClient client(TestCertificates trusted) {
        ClientTlsConfig tls =
                new ClientTlsConfig(
                        true,
                        "",
                        "",
                        "",
                        true,
                        trusted.certificate().toString(),
                        false,
                        "",
                        "",
                        5_000);
        return new RemotingClient(RemotingClientConfig.builder().tls(tls).build());
    }

    private static RemotingClient plainClient() {
        return new RemotingClient(RemotingClientConfig.builder().build());
    }

    private static String echo(RemotingClient client, int port, String text) throws Exception {
        RemotingCommand response =
                client.invokeSync(
                        "127.0.0.1:" + port,
                        Echo.CODE,
                        Echo.headerOf(Map.of("k", "v")),
                        Unpooled.copiedBuffer(text, StandardCharsets.UTF_8),
                        5_000);
        try {
            return Echo.text(response);
        } finally {
            response.release();
        }
    }

    @Test
    void shouldServeTlsClientsAndRefusePlainOnesWhenEnforcing() throws Exception {
        RemotingServer server = server(TlsMode.ENFORCING, first, 10_000);
        try (RemotingClient tls = client(first);
                RemotingClient plain = plainClient()) {
            assertThat(echo(tls, server.port(), "secret")).isEqualTo("secret");
            assertThatThrownBy(() -> echo(plain, server.port(), "clear"))
                    .isInstanceOf(RemotingException.class);
            assertThat(echo(tls, server.port(), "still")).isEqualTo("still");
        } finally {
            server.shutdown(Duration.ofSeconds(5));
        }
    }

    /**
     * Requests sent back to back reach the server in few reads; the answers to one read batch leave
     * with one flush, which the SSL handler packs into as few TLS records as fit (issue #37). Every
     * answer must still arrive, whole and matched to its request.
     */
    @Test
    void shouldDeliverEveryAnswerOfACoalescedFlushOverTls() throws Exception {
        RemotingServer server = server(TlsMode.ENFORCING, first, 10_000);
        try (RemotingClient tls = client(first)) {
            String address = "127.0.0.1:" + server.port();
            assertThat(echo(tls, server.port(), "warm")).isEqualTo("warm");
            List<CompletableFuture<RemotingCommand>> calls = new ArrayList<>();
            for (int i = 0; i < 500; i++) {
                String text = "answer-" + i + "-" + "x".repeat(i % 97);
                calls.add(
                        tls.invokeAsync(
                                address,
                                Echo.CODE,
                                Echo.headerOf(Map.of("k", "v")),
                                Unpooled.copiedBuffer(text, StandardCharsets.UTF_8),
                                10_000));
            }
            for (int i = 0; i < calls.size(); i++) {
                RemotingCommand response = calls.get(i).get(15, TimeUnit.SECONDS);
                try {
                    assertThat(Echo.text(response))
                            .isEqualTo("answer-" + i + "-" + "x".repeat(i % 97));
                } finally {
                    response.release();
                }
            }
        } finally {
            server.shutdown(Duration.ofSeconds(5));
        }
    }

    @Test
    void shouldServePlainAndTlsClientsOnOnePortWhenPermissive() throws Exception {
        RemotingServer server = server(TlsMode.PERMISSIVE, first, 10_000);
        try (RemotingClient tls = client(first);
                RemotingClient plain = plainClient()) {
            assertThat(echo(tls, server.port(), "over tls")).isEqualTo("over tls");
            assertThat(echo(plain, server.port(), "in clear")).isEqualTo("in clear");
            assertThat(server.connections()).hasSize(2);
        } finally {
            server.shutdown(Duration.ofSeconds(5));
        }
    }

    @Test
    void shouldRefuseClientThatDoesNotTrustTheCertificate() throws Exception {
        RemotingServer server = server(TlsMode.ENFORCING, first, 10_000);
        try (RemotingClient wrong = client(second)) {
            assertThatThrownBy(() -> echo(wrong, server.port(), "x"))
                    .isInstanceOf(RemotingException.class);
        } finally {
            server.shutdown(Duration.ofSeconds(5));
        }
    }

    @Test
    void shouldServeRenewedCertificateToNewConnectionsWithoutRestart() throws Exception {
        Path cert = dir.resolve("live.crt");
        Path key = dir.resolve("live.key");
        TestCertificates live = new TestCertificates(cert, key);
        first.replace(live);
        RemotingServer server = server(TlsMode.ENFORCING, live, 10_000);
        try (RemotingClient old = client(first);
                RemotingClient renewed = client(second)) {
            assertThat(echo(old, server.port(), "before")).isEqualTo("before");
            assertThat(server.reloadCertificates()).isFalse(); // nothing changed yet
            second.replace(live);
            assertThat(server.reloadCertificates()).isTrue();
            assertThat(echo(renewed, server.port(), "after")).isEqualTo("after");
            // The established connection keeps its session; a new one with the old trust fails.
            assertThat(echo(old, server.port(), "kept")).isEqualTo("kept");
            old.closeConnection("127.0.0.1:" + server.port());
            assertThatThrownBy(() -> echo(old, server.port(), "x"))
                    .isInstanceOf(RemotingException.class);
        } finally {
            server.shutdown(Duration.ofSeconds(5));
        }
    }

    @Test
    void shouldKeepPreviousCertificateWhenRenewedFilesAreBroken() throws Exception {
        Path cert = dir.resolve("broken.crt");
        Path key = dir.resolve("broken.key");
        TestCertificates live = new TestCertificates(cert, key);
        first.replace(live);
        RemotingServer server = server(TlsMode.ENFORCING, live, 10_000);
        try (RemotingClient client = client(first)) {
            Files.writeString(key, "not a key");
            assertThat(server.reloadCertificates()).isFalse();
            assertThat(echo(client, server.port(), "served")).isEqualTo("served");
        } finally {
            server.shutdown(Duration.ofSeconds(5));
        }
    }

    @Test
    void shouldCloseHandshakeThatDoesNotFinishInTime() throws Exception {
        RemotingServer server = server(TlsMode.ENFORCING, first, 300);
        try (Socket socket = new Socket("127.0.0.1", server.port())) {
            socket.setSoTimeout(10_000);
            // The first bytes of a ClientHello record, then nothing.
            socket.getOutputStream().write(new byte[] {0x16, 0x03, 0x01, 0x02, 0x00, 0x01});
            socket.getOutputStream().flush();
            long start = System.nanoTime();
            InputStream in = socket.getInputStream();
            while (in.read() >= 0) {
                // drain whatever the server sends until it closes
            }
            assertThat(Duration.ofNanos(System.nanoTime() - start))
                    .isLessThan(Duration.ofSeconds(5));
        } finally {
            server.shutdown(Duration.ofSeconds(5));
        }
    }

    @Test
    void shouldCloseSilentConnectionOfTlsOnlyListenerAfterHandshakeDeadline() throws Exception {
        RemotingServer server = server(TlsMode.ENFORCING, first, 300);
        try (Socket socket = new Socket("127.0.0.1", server.port())) {
            socket.setSoTimeout(10_000);
            assertThat(socket.getInputStream().read()).isEqualTo(-1);
        } finally {
            server.shutdown(Duration.ofSeconds(5));
        }
    }

    @Test
    void shouldUseOpenSslWhereAvailable() {
        SslProvider expected = OpenSsl.isAvailable() ? SslProvider.OPENSSL : SslProvider.JDK;
        assertThat(TlsFiles.provider()).isEqualTo(expected);
        if ("amd64".equals(System.getProperty("os.arch"))
                && System.getProperty("os.name").startsWith("Linux")) {
            assertThat(OpenSsl.isAvailable()).as("netty-tcnative on linux-x86_64").isTrue();
        }
    }

    @Test
    void shouldRefuseEnabledModeWithoutCertificate() {
        RemotingServer server =
                new RemotingServer(
                        RemotingServerConfig.builder()
                                .bindAddress("127.0.0.1")
                                .tls(ServerTlsConfig.DISABLED.withMode(TlsMode.ENFORCING))
                                .build());
        assertThatThrownBy(server::start)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("tls.server.certPath");
        assertThat(TlsMode.parse("Permissive")).isEqualTo(TlsMode.PERMISSIVE);
        assertThat(SerializeType.JSON).isNotNull();
    }
}
