package io.bolide.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.embedded.EmbeddedBolide;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

// Runs once in CI (first pass): the gRPC SDKs are the same in both passes.
/**
 * {@link GrpcScenarios} against Bolide's own gRPC endpoint (docs/grpc.md), no proxy: the same
 * scenarios the proxy passes, served in the broker's process.
 */
class NativeGrpcInteropTest extends GrpcScenarios {
    private static EmbeddedBolide bolide;
    private static GrpcClients clients;

    @BeforeAll
    static void start() throws Exception {
        // Quick transaction checks: the unresolved transaction is checked within seconds.
        bolide =
                EmbeddedBolide.start(
                        config ->
                                config.set("grpcServerPort", "0")
                                        .set(LONG_POLLING_KEY, String.valueOf(LONG_POLLING_MS))
                                        .set("transactionTimeOut", "1000")
                                        .set("transactionCheckInterval", "500"));
        InteropTopics.create(bolide, WAIT);
        clients = new GrpcClients(endpointOf(bolide));
    }

    @AfterAll
    static void stop() throws Exception {
        if (bolide != null) {
            bolide.close();
        }
    }

    private static String endpointOf(EmbeddedBolide bolide) {
        return "127.0.0.1:" + bolide.broker().grpcPort();
    }

    /**
     * The Python SDK over TLS against the port's own self-signed certificate, which it trusts as
     * its only root (docs/grpc.md: the certificate kept under the data directory): the same port
     * the other scenarios reach in plaintext.
     */
    @Test
    void shouldCarryThePythonSdkOverTlsTrustingTheKeptCertificate() throws Exception {
        Path python = PythonSdk.interpreter();
        Path certificate = bolide.storeDirectory().resolve("grpc-tls/grpc-server.crt");
        List<String> output =
                PythonSdk.run(
                        python, endpoint(), "PxPythonTls", "px-python-tls", 5, WAIT, certificate);
        assertThat(output).contains("OK 5");
    }

    @Override
    GrpcClients clients() {
        return clients;
    }

    @Override
    String endpoint() {
        return endpointOf(bolide);
    }
}
