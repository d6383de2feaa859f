package io.bolide.embedded;

import io.bolide.broker.config.BrokerConfig;
import java.io.IOException;
import java.util.function.Consumer;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * JUnit 5 extension that runs one {@link EmbeddedBolide} per test class and hands it to tests:
 * declare a parameter of type {@link EmbeddedBolide}, or a {@code String} annotated with {@link
 * NameServerAddress}.
 *
 * <pre>{@code
 * @ExtendWith(BolideExtension.class)
 * class OrderServiceTest {
 *     @Test
 *     void shouldPublishOrder(@NameServerAddress String namesrv) { ... }
 * }
 * }</pre>
 *
 * To adjust the broker, register it as a field instead: {@code @RegisterExtension static
 * BolideExtension bolide = new BolideExtension(b -> b.flushDiskType(FlushDiskType.SYNC_FLUSH));}
 */
public final class BolideExtension
        implements BeforeAllCallback, AfterAllCallback, ParameterResolver {
    private static final ExtensionContext.Namespace NAMESPACE =
            ExtensionContext.Namespace.create(BolideExtension.class);

    private final Consumer<BrokerConfig.Builder> customizer;

    /** An extension with the default broker settings. */
    public BolideExtension() {
        this(builder -> {});
    }

    /** An extension whose broker settings are adjusted by {@code customizer}. */
    public BolideExtension(Consumer<BrokerConfig.Builder> customizer) {
        this.customizer = customizer;
    }

    @Override
    public void beforeAll(ExtensionContext context) throws IOException {
        context.getStore(NAMESPACE).put(EmbeddedBolide.class, EmbeddedBolide.start(customizer));
    }

    @Override
    public void afterAll(ExtensionContext context) throws IOException {
        EmbeddedBolide bolide =
                context.getStore(NAMESPACE).remove(EmbeddedBolide.class, EmbeddedBolide.class);
        if (bolide != null) {
            bolide.close();
        }
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        Class<?> type = parameter.getParameter().getType();
        return type == EmbeddedBolide.class
                || (type == String.class && parameter.isAnnotated(NameServerAddress.class));
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        EmbeddedBolide bolide = running(context);
        return parameter.getParameter().getType() == EmbeddedBolide.class
                ? bolide
                : bolide.nameServerAddress();
    }

    /** The instance of the test class being run (nested classes share their outer one). */
    public static EmbeddedBolide running(ExtensionContext context) {
        for (ExtensionContext c = context; c != null; c = c.getParent().orElse(null)) {
            EmbeddedBolide bolide =
                    c.getStore(NAMESPACE).get(EmbeddedBolide.class, EmbeddedBolide.class);
            if (bolide != null) {
                return bolide;
            }
        }
        throw new IllegalStateException("no embedded Bolide: is BolideExtension registered?");
    }
}
