package io.bolide.interop;

import io.bolide.embedded.EmbeddedBolide;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

// Runs once in CI (first pass): the gRPC SDK (5.2.0) is the same in both passes.
/**
 * {@link LiteAndPriorityScenarios} against Bolide's own gRPC endpoint (docs/grpc.md), the lite
 * subscription quota set with the reference's key {@code maxLiteSubscriptionCount}.
 */
class NativeLiteAndPriorityTest extends LiteAndPriorityScenarios {
    private static EmbeddedBolide bolide;
    private static GrpcClients clients;

    @BeforeAll
    static void start() throws Exception {
        bolide =
                EmbeddedBolide.start(
                        config ->
                                config.set("grpcServerPort", "0")
                                        .set(
                                                "grpcClientConsumerMaxLongPollingTimeoutMillis",
                                                String.valueOf(LONG_POLLING_MS))
                                        .set(
                                                "maxLiteSubscriptionCount",
                                                String.valueOf(SUBSCRIPTION_QUOTA)));
        createResources(bolide.brokerAddress(), bolide.nameServerAddress());
        clients = new GrpcClients("127.0.0.1:" + bolide.broker().grpcPort());
    }

    @AfterAll
    static void stop() throws Exception {
        if (bolide != null) {
            bolide.close();
        }
    }

    @Override
    GrpcClients clients() {
        return clients;
    }
}
