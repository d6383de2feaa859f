package io.bolide.interop;

import io.bolide.embedded.EmbeddedBolide;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

// Runs once in CI (first pass): the proxy and the gRPC SDK (5.2.0) are the same in both passes;
// the remoting client's version does not enter.
/**
 * {@link LiteAndPriorityScenarios} through Apache RocketMQ 5.5.0's proxy in CLUSTER mode in front
 * of Bolide's name server and broker (in this JVM): the proxy turns the SDK's lite calls into the
 * remoting lite codes (POP_LITE_MESSAGE, LITE_SUBSCRIPTION_CTL, ACK_MESSAGE with a lite topic). No
 * request the proxy makes may be refused as an unknown code.
 */
class ProxyLiteAndPriorityTest extends LiteAndPriorityScenarios {
    @TempDir static Path dir;

    private static EmbeddedBolide bolide;
    private static ProxyInFront proxy;
    private static GrpcClients clients;

    @BeforeAll
    static void start() throws Exception {
        bolide =
                EmbeddedBolide.start(
                        config ->
                                config.set(
                                        "maxLiteSubscriptionCount",
                                        String.valueOf(SUBSCRIPTION_QUOTA)));
        createResources(bolide.brokerAddress(), bolide.nameServerAddress());
        proxy = new ProxyInFront(bolide);
        proxy.start(dir.resolve("proxy"), PROXY_LONG_POLLING);
        clients = new GrpcClients(proxy.address());
    }

    @AfterAll
    static void stop() throws Exception {
        if (proxy != null) {
            proxy.close(); // closes Bolide too
        } else if (bolide != null) {
            bolide.close();
        }
    }

    @Override
    GrpcClients clients() {
        return clients;
    }
}
