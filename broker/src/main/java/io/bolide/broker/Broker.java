package io.bolide.broker;

import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A running broker: the message store, its topic and offset tables, the request handlers served on
 * {@link #port()}, and registration with the configured name servers. Start one with {@link
 * #start(BrokerConfig)}; {@link #close()} shuts it down gracefully.
 */
public final class Broker implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Broker.class);

    private final BrokerConfig config;
    private final Components parts;
    private final String address;
    private volatile boolean closed;

    private Broker(BrokerConfig config, Components parts, String address) {
        this.config = config;
        this.parts = parts;
        this.address = address;
    }

    /**
     * Opens the store under {@code config.storePathRootDir()}, starts serving, and registers with
     * the name servers.
     *
     * @throws IOException if the store or the config files cannot be read, or the port is taken
     */
    public static Broker start(BrokerConfig config) throws IOException {
        long started = System.nanoTime();
        Components parts = Components.start(config);
        String address = parts.address();
        LOG.info(
                "broker {} serving at {} (store {}) in {} ms",
                config.brokerName(),
                address,
                config.storePathRootDir(),
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
        return new Broker(config, parts, address);
    }

    /** The port the broker listens on. */
    public int port() {
        return parts.port();
    }

    /** The port of the metrics endpoint (metricsExporterType=PROM), or 0 when there is none. */
    public int metricsPort() {
        return parts.metricsPort();
    }

    /** The port of the gRPC endpoint (grpcServerPort), or 0 when it is off. */
    public int grpcPort() {
        return parts.grpcPort();
    }

    /** The {@code host:port} clients and name servers are given. */
    public String address() {
        return address;
    }

    /** The port a master's HA listener is bound to (slaves connect there); 0 on a slave. */
    public int haPort() {
        return parts.haPort();
    }

    /** How many slaves are linked to this master's HA port now (0 on a slave). */
    public int connectedSlaves() {
        return parts.replication().slaves().size();
    }

    /** On a slave: whether its HA link to the master is up (false on a master). */
    public boolean linkedToMaster() {
        return parts.replication().connected();
    }

    /** Replication as this broker sees it (for tests and monitoring). */
    io.bolide.broker.ha.ReplicationState replication() {
        return parts.replication();
    }

    /** A slave's HA client, or null on a master (for tests). */
    io.bolide.broker.ha.HaClient haClient() {
        return parts.haClient();
    }

    /** A slave's master as the name servers describe it; null on a master. */
    io.bolide.broker.registration.MasterAddress master() {
        return parts.master();
    }

    /** Pulls held for long polling right now (for tests and monitoring). */
    int heldPulls() {
        return parts.heldPulls();
    }

    /** The handlers served, by request code (for tests). */
    java.util.Map<Integer, io.bolide.remoting.RequestHandler> servedCodes() {
        return parts.servedCodes();
    }

    /** A topic's settings, or null (for tests and tools). */
    io.bolide.protocol.body.TopicConfig topicConfig(String topic) {
        return parts.topics().get(topic);
    }

    /** The configuration it runs with. */
    public BrokerConfig config() {
        return config;
    }

    /**
     * Stops accepting requests, answers held pulls, lets requests in flight finish, unregisters
     * from the name servers, persists offsets and topics, and flushes and closes the store.
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        long started = System.nanoTime();
        parts.close();
        LOG.info(
                "broker {} at {} stopped in {} ms",
                config.brokerName(),
                address,
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
    }
}
