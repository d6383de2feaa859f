package io.bolide.interop;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

// Runs once in CI (first pass): Apache RocketMQ 5.5.0 and the gRPC SDK (5.2.0) are the same in
// both passes.
/**
 * {@link LiteAndPriorityScenarios} against the oracle: Apache RocketMQ 5.5.0's name server, broker
 * (lite subscriptions capped by {@code maxLiteSubscriptionCount}, LMQs on) and proxy in CLUSTER
 * mode, each a child JVM. What passes here is what Bolide must do.
 */
class ApacheLiteAndPriorityTest extends LiteAndPriorityScenarios {
    @TempDir static Path dir;

    private static ApacheBroker nameServer;
    private static ApacheBroker broker;
    private static ApacheBroker proxy;
    private static GrpcClients clients;

    @BeforeAll
    static void start() throws Exception {
        nameServer = ApacheBroker.nameServer(dir.resolve("namesrv"), ApacheBroker.freePortPair());
        broker =
                ApacheBroker.start(
                        dir.resolve("broker"),
                        ApacheBroker.freePortPair(),
                        Map.of(
                                "namesrvAddr",
                                nameServer.address(),
                                "maxLiteSubscriptionCount",
                                String.valueOf(SUBSCRIPTION_QUOTA),
                                // The reference stores lite topics as LMQs only with both on
                                // (both off by default); Bolide needs neither.
                                "enableLmq",
                                "true",
                                "enableMultiDispatch",
                                "true"));
        createResources(broker.address(), nameServer.address());
        int grpcPort = ApacheBroker.freePortPair();
        proxy =
                ApacheBroker.proxy(
                        dir.resolve("proxy"),
                        nameServer.address(),
                        grpcPort,
                        grpcPort + 1,
                        PROXY_LONG_POLLING,
                        "\"enablePrintJstack\":false");
        clients = new GrpcClients(proxy.address());
    }

    @AfterAll
    static void stop() {
        for (ApacheBroker process : new ApacheBroker[] {proxy, broker, nameServer}) {
            if (process != null) {
                process.close();
            }
        }
    }

    @Override
    GrpcClients clients() {
        return clients;
    }
}
