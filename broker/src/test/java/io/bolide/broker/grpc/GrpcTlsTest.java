package io.bolide.broker.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bolide.broker.Broker;
import io.bolide.broker.config.BrokerConfig;
import io.bolide.broker.table.TopicTable;
import io.bolide.grpc.v2.Code;
import io.bolide.grpc.v2.MessagingServiceMethods;
import io.bolide.grpc.v2.QueryRouteRequest;
import io.bolide.grpc.v2.Resource;
import io.bolide.testsupport.TestCertificates;
import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.GrpcSslContexts;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import io.grpc.stub.ClientCalls;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TLS on the gRPC port, set by the remoting port's {@code tls.server.*} settings: enforcing serves
 * TLS clients only, permissive both kinds on the one port, disabled plaintext only.
 */
class GrpcTlsTest {
    @TempDir static Path certificateDir;
    private static TestCertificates certificates;

    @TempDir Path dir;
    private Broker broker;

    @BeforeAll
    static void certificates() throws Exception {
        certificates = TestCertificates.generate(certificateDir, "grpc-server");
    }

    private void start(String mode) throws Exception {
        broker =
                Broker.start(
                        BrokerConfig.builder()
                                .storePathRootDir(dir.resolve("store"))
                                .listenPort(0)
                                .brokerIP1("127.0.0.1")
                                .set("bindAddress", "127.0.0.1")
                                .set("grpcServerPort", "0")
                                .set("tls.server.mode", mode)
                                .set("tls.server.certPath", certificates.certificate().toString())
                                .set("tls.server.keyPath", certificates.privateKey().toString())
                                .set("mapedFileSizeCommitLog", Integer.toString(16 * 1024 * 1024))
                                .build());
    }

    @AfterEach
    void stop() {
        if (broker != null) {
            broker.close();
        }
    }

    @Test
    void shouldServeOnlyTlsClientsWhenEnforcing() throws Exception {
        start("enforcing");
        assertThat(route(true)).isEqualTo(Code.OK);
        assertThatThrownBy(() -> route(false))
                .isInstanceOf(StatusRuntimeException.class)
                .hasMessageContaining("UNAVAILABLE");
    }

    @Test
    void shouldServeBothKindsOnOnePortWhenPermissive() throws Exception {
        start("permissive");
        assertThat(route(true)).isEqualTo(Code.OK);
        assertThat(route(false)).isEqualTo(Code.OK);
        assertThat(route(true)).isEqualTo(Code.OK);
    }

    @Test
    void shouldServePlaintextOnlyWhenDisabled() throws Exception {
        start("disabled");
        assertThat(route(false)).isEqualTo(Code.OK);
        assertThatThrownBy(() -> route(true)).isInstanceOf(StatusRuntimeException.class);
    }

    /** A route query on a new connection, over TLS (any certificate trusted, as the SDK does). */
    private Code route(boolean tls) throws Exception {
        NettyChannelBuilder builder =
                NettyChannelBuilder.forAddress("127.0.0.1", broker.grpcPort());
        if (tls) {
            builder.sslContext(
                    GrpcSslContexts.forClient()
                            .trustManager(InsecureTrustManagerFactory.INSTANCE)
                            .build());
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
