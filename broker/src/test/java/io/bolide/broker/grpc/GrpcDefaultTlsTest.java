package io.bolide.broker.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.bolide.broker.Broker;
import io.bolide.broker.config.BrokerConfig;
import io.bolide.broker.table.TopicTable;
import io.bolide.grpc.v2.Code;
import io.bolide.grpc.v2.MessagingServiceMethods;
import io.bolide.grpc.v2.QueryRouteRequest;
import io.bolide.grpc.v2.Resource;
import io.bolide.testsupport.Await;
import io.bolide.testsupport.TestCertificates;
import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.GrpcSslContexts;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.netty.handler.ssl.SslContext;
import io.grpc.netty.shaded.io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import io.grpc.stub.ClientCalls;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/**
 * The gRPC port with no TLS setting at all: TLS and plaintext on the one port, its own self-signed
 * certificate kept under the data directory, and one log line for each client it cannot serve.
 */
class GrpcDefaultTlsTest {
    private static final String[] WATCHED = {
        "io.bolide.broker.grpc.Refusals",
        "io.bolide.broker.grpc.HandshakeWatch",
        "io.bolide.broker.grpc.SelfSignedFiles"
    };

    @TempDir Path dir;
    private final ListAppender<ILoggingEvent> log = new ListAppender<>();
    private Broker broker;

    @BeforeEach
    void watchLog() {
        log.start();
        for (String name : WATCHED) {
            ((Logger) LoggerFactory.getLogger(name)).addAppender(log);
        }
    }

    @AfterEach
    void stop() {
        if (broker != null) {
            broker.close();
        }
        for (String name : WATCHED) {
            ((Logger) LoggerFactory.getLogger(name)).detachAppender(log);
        }
    }

    private void start(String... pairs) throws Exception {
        BrokerConfig.Builder config =
                BrokerConfig.builder()
                        .storePathRootDir(dir.resolve("store"))
                        .listenPort(0)
                        .brokerIP1("127.0.0.1")
                        .set("bindAddress", "127.0.0.1")
                        .set("grpcServerPort", "0")
                        .set("mapedFileSizeCommitLog", Integer.toString(16 * 1024 * 1024));
        for (int i = 0; i < pairs.length; i += 2) {
            config.set(pairs[i], pairs[i + 1]);
        }
        broker = Broker.start(config.build());
    }

    @Test
    void shouldServeTlsAndPlaintextWithOneSelfSignedCertificateKeptAcrossRestarts()
            throws Exception {
        start();
        assertThat(route(insecureTls())).isEqualTo(Code.OK);
        assertThat(route(null)).isEqualTo(Code.OK);
        Path certificate = dir.resolve("store/grpc-tls/" + SelfSignedFiles.CERTIFICATE);
        String first = Files.readString(certificate);
        assertThat(first).startsWith("-----BEGIN CERTIFICATE-----");
        assertThat(logged("made a self-signed certificate " + certificate)).isTrue();

        broker.close();
        start();
        assertThat(route(insecureTls())).isEqualTo(Code.OK);
        assertThat(Files.readString(certificate)).isEqualTo(first);
        assertThat(logged("serving the self-signed certificate " + certificate)).isTrue();
    }

    @Test
    void shouldTrustTheKeptCertificateWhereAClientChecksIt() throws Exception {
        start();
        Path certificate = dir.resolve("store/grpc-tls/" + SelfSignedFiles.CERTIFICATE);
        SslContext pinned = GrpcSslContexts.forClient().trustManager(certificate.toFile()).build();
        assertThat(route(pinned)).isEqualTo(Code.OK);
    }

    @Test
    void shouldLogATlsHandshakeTheClientRefusesNamingThePeer() throws Exception {
        start();
        SslContext jdkTrust = GrpcSslContexts.forClient().build(); // the JDK's CAs only
        assertThatThrownBy(() -> route(jdkTrust)).isInstanceOf(StatusRuntimeException.class);
        Await.until(
                () -> logged("gRPC port: TLS handshake with /127.0.0.1:"),
                "the failed handshake's log line");
        assertThat(logged("must trust " + dir.resolve("store/grpc-tls"))).isTrue();
    }

    @Test
    void shouldAnswerAnHttp1Client400AndLogItNamingThePeer() throws Exception {
        start();
        try (Socket socket = new Socket("127.0.0.1", broker.grpcPort())) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write("GET / HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            String answer = new String(in.readAllBytes(), StandardCharsets.US_ASCII);
            assertThat(answer).startsWith("HTTP/1.1 400").contains("gRPC port");
        }
        assertThat(logged("speaks HTTP/1 ('GET / HTTP/1.1')")).isTrue();
        assertThat(route(null)).isEqualTo(Code.OK);
    }

    @Test
    void shouldKeepAnExplicitDisabledModePlaintextOnlyAndNameATlsClient() throws Exception {
        start("tls.server.mode", "disabled");
        assertThat(route(null)).isEqualTo(Code.OK);
        assertThatThrownBy(() -> route(insecureTls())).isInstanceOf(StatusRuntimeException.class);
        Await.until(
                () -> logged("starts a TLS handshake, but this port serves plaintext only"),
                "the refusal's log line");
        assertThat(dir.resolve("store/grpc-tls")).doesNotExist();
    }

    @Test
    void shouldNameAPlaintextClientOfAnEnforcingPort() throws Exception {
        // Files: the remoting port (enforcing too) has no self-signed certificate of its own here.
        TestCertificates files = TestCertificates.generate(dir, "server");
        start(
                "tls.server.mode",
                "enforcing",
                "tls.server.certPath",
                files.certificate().toString(),
                "tls.server.keyPath",
                files.privateKey().toString());
        assertThat(route(insecureTls())).isEqualTo(Code.OK);
        assertThatThrownBy(() -> route(null)).isInstanceOf(StatusRuntimeException.class);
        Await.until(
                () -> logged("speaks plaintext HTTP/2, but this port serves TLS only"),
                "the refusal's log line");
    }

    @Test
    void shouldServePlaintextOnlyWhenNoCertificateCanBeServed() throws Exception {
        start("tls.test.mode.enable", "false");
        assertThat(route(null)).isEqualTo(Code.OK);
        assertThat(dir.resolve("store/grpc-tls")).doesNotExist();
    }

    private boolean logged(String text) {
        synchronized (log.list) {
            return log.list.stream().anyMatch(e -> e.getFormattedMessage().contains(text));
        }
    }

    private static SslContext insecureTls() throws Exception {
        return GrpcSslContexts.forClient()
                .trustManager(InsecureTrustManagerFactory.INSTANCE)
                .build();
    }

    /** A route query on a new connection: plaintext when {@code tls} is null. */
    private Code route(SslContext tls) throws Exception {
        NettyChannelBuilder builder =
                NettyChannelBuilder.forAddress("localhost", broker.grpcPort());
        if (tls != null) {
            builder.sslContext(tls);
        } else {
            builder.usePlaintext();
        }
        ManagedChannel channel = builder.build();
        try {
            return ClientCalls.blockingUnaryCall(
                            channel,
                            MessagingServiceMethods.QUERY_ROUTE,
                            CallOptions.DEFAULT.withDeadlineAfter(30, TimeUnit.SECONDS),
                            QueryRouteRequest.newBuilder()
                                    .setTopic(
                                            Resource.newBuilder()
                                                    .setName(TopicTable.SELF_TEST_TOPIC))
                                    .build())
                    .getStatus()
                    .getCode();
        } finally {
            channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }
    }
}
