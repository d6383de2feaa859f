package io.bolide.interop;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.bolide.embedded.EmbeddedBolide;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

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
    private static ApacheBroker proxy;
    private static GrpcClients clients;
    private static final ListAppender<ILoggingEvent> REFUSALS = new ListAppender<>();

    @BeforeAll
    static void start() throws Exception {
        Logger dispatcher = (Logger) LoggerFactory.getLogger("io.bolide.remoting.Dispatcher");
        REFUSALS.start();
        dispatcher.addAppender(REFUSALS);
        bolide =
                EmbeddedBolide.start(
                        config ->
                                config.set(
                                        "maxLiteSubscriptionCount",
                                        String.valueOf(SUBSCRIPTION_QUOTA)));
        createResources(bolide.brokerAddress(), bolide.nameServerAddress());
        int grpcPort = ApacheBroker.freePortPair();
        proxy =
                ApacheBroker.proxy(
                        dir.resolve("proxy"),
                        bolide.nameServerAddress(),
                        grpcPort,
                        grpcPort + 1,
                        "\"enablePrintJstack\":false");
        clients = new GrpcClients(proxy.address());
    }

    @AfterAll
    static void stop() throws Exception {
        if (proxy != null) {
            proxy.close();
        }
        if (bolide != null) {
            bolide.close();
        }
        ((Logger) LoggerFactory.getLogger("io.bolide.remoting.Dispatcher"))
                .detachAppender(REFUSALS);
        assertThat(REFUSALS.list).extracting(ILoggingEvent::getFormattedMessage).isEmpty();
    }

    @Override
    GrpcClients clients() {
        return clients;
    }
}
