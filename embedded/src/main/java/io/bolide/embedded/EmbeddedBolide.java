package io.bolide.embedded;

import io.bolide.broker.Broker;
import io.bolide.broker.config.BrokerConfig;
import io.bolide.broker.config.BrokerConfigKeys;
import io.bolide.broker.config.FlushDiskType;
import io.bolide.namesrv.NameServer;
import io.bolide.namesrv.NameServerConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * A name server and one broker inside this JVM, on free loopback ports, storing under a fresh
 * temporary directory that {@link #close()} deletes. Start-up returns once the broker's routes are
 * visible at the name server, so a client may send at once.
 *
 * <pre>{@code
 * try (EmbeddedBolide bolide = EmbeddedBolide.start()) {
 *     producer.setNamesrvAddr(bolide.nameServerAddress());
 *     ...
 * }
 * }</pre>
 */
public final class EmbeddedBolide implements AutoCloseable {
    private static final String HOST = "127.0.0.1";

    private final NameServer nameServer;
    private final Path storeDirectory;
    private final Consumer<BrokerConfig.Builder> customizer;
    private Broker broker;

    private EmbeddedBolide(
            NameServer nameServer, Path storeDirectory, Consumer<BrokerConfig.Builder> customizer) {
        this.nameServer = nameServer;
        this.storeDirectory = storeDirectory;
        this.customizer = customizer;
    }

    /** Starts with the defaults: cluster {@code DefaultCluster}, broker {@code broker-a}. */
    public static EmbeddedBolide start() throws IOException {
        return start(builder -> {});
    }

    /**
     * Starts with broker settings adjusted by {@code customizer} (for example a shorter
     * long-polling timeout or SYNC_FLUSH); the name server address, port and store directory are
     * set here.
     */
    public static EmbeddedBolide start(Consumer<BrokerConfig.Builder> customizer)
            throws IOException {
        Path store = Files.createTempDirectory("bolide-embedded-");
        NameServer nameServer = startNameServer();
        EmbeddedBolide bolide = new EmbeddedBolide(nameServer, store, customizer);
        try {
            bolide.startBroker(0, 0);
            return bolide;
        } catch (IOException | RuntimeException e) {
            bolide.close();
            throw e;
        }
    }

    private static NameServer startNameServer() throws IOException {
        try {
            return NameServer.start(
                    NameServerConfig.builder().bindAddress(HOST).listenPort(0).build());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while starting the name server", e);
        }
    }

    /**
     * Starts the broker on {@code port} (0: any free port) with its HA listener on {@code haPort}
     * (0: the broker's default, which with a free listen port is any free port). A restart passes
     * the ports bound before: left to its default, the HA port of a restart would become listen
     * port + 1, which another socket on a shared host may hold by then.
     */
    private void startBroker(int port, int haPort) throws IOException {
        BrokerConfig.Builder config =
                BrokerConfig.builder()
                        .brokerClusterName("DefaultCluster")
                        .brokerName("broker-a")
                        .brokerIP1(HOST)
                        .flushDiskType(FlushDiskType.ASYNC_FLUSH)
                        .autoCreateTopicEnable(true)
                        // Any free port, like the remoting one: embedded brokers never collide.
                        .set(BrokerConfigKeys.GRPC.serverPort, 0);
        customizer.accept(config);
        config.namesrvAddr(nameServerAddress()).listenPort(port).storePathRootDir(storeDirectory);
        if (haPort > 0) {
            config.set(BrokerConfigKeys.HA_LISTEN_PORT, haPort);
        }
        broker = Broker.start(config.build());
        awaitRegistration();
    }

    /**
     * Waits until the name server lists the broker. Normally milliseconds; the generous deadline
     * only matters on a starved host, where a registration's answer has been seen to take 12 s.
     */
    private void awaitRegistration() throws IOException {
        try {
            if (!nameServer.awaitListed(broker.address(), 30_000)) {
                throw new IOException(
                        "broker "
                                + broker.address()
                                + " did not register with "
                                + nameServerAddress());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for registration", e);
        }
    }

    /** {@code host:port} of the name server: what a client's {@code namesrvAddr} is set to. */
    public String nameServerAddress() {
        return HOST + ":" + nameServer.port();
    }

    /** {@code host:port} of the broker, as it is advertised in routes. */
    public String brokerAddress() {
        return broker.address();
    }

    /** The running broker. */
    public Broker broker() {
        return broker;
    }

    /** Where the broker keeps its data; it survives {@link #restartBroker()}. */
    public Path storeDirectory() {
        return storeDirectory;
    }

    /**
     * Shuts the broker down gracefully and starts it again on the same port (and the same HA port)
     * with the same store, as an operator's restart would: offsets, topics and messages must
     * survive it.
     */
    public void restartBroker() throws IOException {
        int port = broker.port();
        int haPort = broker.haPort();
        broker.close();
        startBroker(port, haPort);
    }

    /** Stops the broker and the name server and deletes the store directory. */
    @Override
    public void close() throws IOException {
        try {
            if (broker != null) {
                broker.close();
            }
        } finally {
            nameServer.close();
            TempDirectory.delete(storeDirectory);
        }
    }
}
