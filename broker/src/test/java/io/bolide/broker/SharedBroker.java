package io.bolide.broker;

import io.bolide.broker.config.BrokerConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.apache.rocketmq.remoting.protocol.SerializeType;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One broker for a whole test class, in its own temporary store, with one Apache 5.4.0 remoting
 * client per header serialization created on first use. Register it as a static field with
 * {@code @RegisterExtension}.
 */
public final class SharedBroker implements BeforeAllCallback, AfterAllCallback {
    private final UnaryOperator<BrokerConfig.Builder> customizer;
    private final Map<SerializeType, ApacheCalls> clients = new EnumMap<>(SerializeType.class);
    private Path dir;
    private Broker broker;

    public SharedBroker() {
        this(config -> config);
    }

    /** With settings beyond {@link TestBrokers#config}. */
    public SharedBroker(UnaryOperator<BrokerConfig.Builder> customizer) {
        this.customizer = customizer;
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        dir = Files.createTempDirectory("bolide-broker-test");
        broker = Broker.start(customizer.apply(TestBrokers.config(dir)).build());
    }

    @Override
    public void afterAll(ExtensionContext context) throws IOException {
        clients.values().forEach(ApacheCalls::shutdown);
        clients.clear();
        broker.close();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(file);
            }
        }
    }

    public Broker broker() {
        return broker;
    }

    /** The shared client for {@code type}. */
    public synchronized ApacheCalls calls(SerializeType type) {
        return clients.computeIfAbsent(
                type, t -> new ApacheCalls("127.0.0.1:" + broker.port(), t).shared());
    }
}
