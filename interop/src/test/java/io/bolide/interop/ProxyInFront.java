package io.bolide.interop;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.bolide.embedded.EmbeddedBolide;
import java.nio.file.Path;
import org.slf4j.LoggerFactory;

/**
 * Apache RocketMQ 5.5.0's proxy in CLUSTER mode (a child JVM) in front of Bolide's name server and
 * broker (in this JVM), watching Bolide's dispatcher: closing it fails the test if the proxy sent
 * any request Bolide refused as an unknown code.
 */
final class ProxyInFront {
    private static final String DISPATCHER = "io.bolide.remoting.Dispatcher";

    private final ListAppender<ILoggingEvent> refusals = new ListAppender<>();
    private final EmbeddedBolide bolide;
    private ApacheBroker proxy;

    /** Watches the dispatcher from now on; {@link #start} starts the proxy. */
    ProxyInFront(EmbeddedBolide bolide) {
        this.bolide = bolide;
        refusals.start();
        ((Logger) LoggerFactory.getLogger(DISPATCHER)).addAppender(refusals);
    }

    /** Starts the proxy under {@code dir} with extra proxy settings (JSON members). */
    ProxyInFront start(Path dir, String... settings) throws Exception {
        int grpcPort = ApacheBroker.freePortPair();
        String[] all = new String[settings.length + 1];
        System.arraycopy(settings, 0, all, 0, settings.length);
        all[settings.length] = "\"enablePrintJstack\":false";
        proxy = ApacheBroker.proxy(dir, bolide.nameServerAddress(), grpcPort, grpcPort + 1, all);
        return this;
    }

    /** The proxy's gRPC endpoint. */
    String address() {
        return proxy.address();
    }

    /** Stops the proxy and Bolide, then fails if Bolide refused any of the proxy's requests. */
    void close() throws Exception {
        try {
            if (proxy != null) {
                proxy.close();
            }
            bolide.close();
        } finally {
            ((Logger) LoggerFactory.getLogger(DISPATCHER)).detachAppender(refusals);
        }
        // The proxy needed no code Bolide does not serve.
        assertThat(refusals.list).extracting(ILoggingEvent::getFormattedMessage).isEmpty();
    }
}
