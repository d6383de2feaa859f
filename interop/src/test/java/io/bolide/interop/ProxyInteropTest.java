package io.bolide.interop;

import io.bolide.embedded.EmbeddedBolide;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

// Runs once in CI (first pass): the proxy and the gRPC SDKs are the same in both passes; the
// remoting client's version does not enter.
/**
 * {@link GrpcScenarios} through Apache RocketMQ 5.5.0's proxy in CLUSTER mode: the proxy (a child
 * JVM) speaks gRPC to the clients and only remoting to Bolide's name server and broker (in this
 * JVM). No request the proxy makes may be refused as an unknown code.
 */
class ProxyInteropTest extends GrpcScenarios {
    @TempDir static Path dir;

    private static EmbeddedBolide bolide;
    private static ProxyInFront proxy;
    private static GrpcClients clients;

    @BeforeAll
    static void start() throws Exception {
        // Quick transaction checks: the unresolved transaction is checked within seconds.
        bolide =
                EmbeddedBolide.start(
                        config ->
                                config.set("transactionTimeOut", "1000")
                                        .set("transactionCheckInterval", "500"));
        InteropTopics.create(bolide, WAIT);
        proxy = new ProxyInFront(bolide);
        proxy.start(
                dir.resolve("proxy"),
                "\"minInvisibleTimeMillsForRecv\":1000",
                "\"transactionHeartbeatPeriodSecond\":1",
                PROXY_LONG_POLLING);
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

    @Override
    String endpoint() {
        return proxy.address();
    }
}
