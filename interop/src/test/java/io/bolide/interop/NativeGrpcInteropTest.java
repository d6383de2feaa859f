package io.bolide.interop;

import io.bolide.embedded.EmbeddedBolide;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

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

    @Override
    GrpcClients clients() {
        return clients;
    }

    @Override
    String endpoint() {
        return endpointOf(bolide);
    }
}
