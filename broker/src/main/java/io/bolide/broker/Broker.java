package io.bolide.broker;

import io.bolide.broker.codes.Codes;
import io.bolide.broker.config.BrokerConfig;
import io.bolide.broker.config.BrokerConfigKeys;
import io.bolide.broker.config.BrokerRole;
import io.bolide.broker.console.ConsoleServer;
import io.bolide.broker.controller.ControllerAgent;
import java.io.IOException;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
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

    private volatile BrokerConfig config;
    private volatile Components parts;
    private final String address;
    private volatile boolean closed;

    /**
     * A role switch took the parts down and could not open them again (a full disk, say): nothing
     * serves until a later switch succeeds. The controller client asks again at its next poll, so a
     * broker elected while its disk was full becomes the master once space is back, instead of
     * staying closed while the controller counts it the group's master.
     */
    private boolean down;

    /** The ports the parts listened on before a switch took them down, kept while down. */
    private int listenPort;

    private int haListenPort;

    /** Controller mode: the client of the controllers that sets the role, else null. */
    private final ControllerAgent agent;

    /** Whether a master is SYNC_MASTER: allAckInSyncStateSet, or so configured. */
    private final boolean syncMaster;

    /**
     * The message store, open for the broker's life: a role switch (issue #37) swaps the parts
     * around it and the store changes role in place. Null with tiered storage on, where each role's
     * parts open a store of their own (StoreSide). A store that turned read-only (a full disk, say)
     * is closed and opened again at the next switch, as every switch did before.
     */
    private StoreSide kept;

    private Broker(
            BrokerConfig config,
            Components parts,
            String address,
            ControllerAgent agent,
            StoreSide kept) {
        this.config = config;
        this.parts = parts;
        this.address = address;
        this.agent = agent;
        this.kept = kept;
        this.syncMaster =
                config.inSyncRules().allAck() || config.brokerRole() == BrokerRole.SYNC_MASTER;
    }

    /** The request codes every broker serves, ascending (each feature's, see Codes). */
    public static SortedSet<Integer> codesServed() {
        return Collections.unmodifiableSortedSet(new TreeSet<>(Codes.SERVED.keySet()));
    }

    /**
     * Opens the store under {@code config.storePathRootDir()}, starts serving, and registers with
     * the name servers.
     *
     * @throws IOException if the store or the config files cannot be read, or the port is taken
     */
    public static Broker start(BrokerConfig config) throws IOException {
        if (config.values().get(BrokerConfigKeys.CONTROLLER_MODE.enableControllerMode)) {
            return ControlledStart.start(config);
        }
        return start(config, 0);
    }

    /**
     * As {@link #start(BrokerConfig)}, in controller mode when {@code epoch} is above 0: the role
     * {@code config} names is the one a controller gave for term {@code epoch}, and replication is
     * epoch-aware (a slave cuts its log back to the terms its master holds).
     */
    public static Broker start(BrokerConfig config, int epoch) throws IOException {
        long started = System.nanoTime();
        StoreSide kept = openKept(config);
        Components parts;
        try {
            parts = Components.start(config, epoch, null, kept);
        } catch (IOException | RuntimeException e) {
            closeKept(kept);
            throw e;
        }
        String address = parts.address();
        LOG.info(
                "broker {} serving at {} (store {}) in {} ms",
                config.brokerName(),
                address,
                config.storePathRootDir(),
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
        return new Broker(config, parts, address, null, kept);
    }

    /** The store a broker of {@code config} keeps across role switches, or null (StoreSide). */
    static StoreSide openKept(BrokerConfig config) throws IOException {
        return StoreSide.keptAcrossRoles(config) ? StoreSide.open(config) : null;
    }

    static void closeKept(StoreSide kept) {
        if (kept != null) {
            kept.close();
        }
    }

    /**
     * Controller mode: a broker started undecided (a slave of nobody, {@code parts}) whose role
     * {@code agent} sets from now on.
     */
    static Broker controlled(
            BrokerConfig configured,
            BrokerConfig undecided,
            Components parts,
            ControllerAgent agent,
            StoreSide kept) {
        Broker broker = new Broker(configured, parts, parts.address(), agent, kept);
        broker.config = undecided;
        agent.start(new ControlledSide(broker));
        return broker;
    }

    /** Controller mode: the controller client, or null (for tests and ControlledSide). */
    ControllerAgent agent() {
        return agent;
    }

    /** The parts running now (ControlledSide reads replication's state through them). */
    Components parts() {
        return parts;
    }

    /** The message store the parts run on now (for tests: the same one across role switches). */
    io.bolide.store.MessageStore store() {
        return parts.store();
    }

    /** The port the broker listens on. */
    public int port() {
        return parts.port();
    }

    /** The port of the web console (consolePort), or 0 when it is off. */
    public int consolePort() {
        return parts.console == null ? 0 : parts.console.port();
    }

    /** The web console, or null when it is off (tests reach its sessions through it). */
    public ConsoleServer console() {
        return parts.console;
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

    /** gRPC receives held for long polling right now (for tests and monitoring). */
    public int heldGrpcReceives() {
        return parts.heldReceives();
    }

    /** The handlers served, by request code (for tests). */
    java.util.Map<Integer, io.bolide.remoting.RequestHandler> servedCodes() {
        return parts.servedCodes();
    }

    /** A topic's settings, or null (for tests and tools). */
    io.bolide.protocol.body.TopicConfig topicConfig(String topic) {
        return parts.topics().get(topic);
    }

    /**
     * Controller mode: becomes its group's master in term {@code epoch} (brokerId 0; SYNC_MASTER
     * when allAckInSyncStateSet is on or it was configured one, else ASYNC_MASTER). The broker
     * keeps its address; it re-registers with the name servers in the new role.
     */
    public synchronized void changeToMaster(int epoch, int syncStateSetEpoch) throws IOException {
        Map<String, String> role = new HashMap<>();
        role.put("brokerRole", syncMaster ? "SYNC_MASTER" : "ASYNC_MASTER");
        role.put("brokerId", "0");
        LOG.info("broker {}: master of epoch {} ({})", address, epoch, syncStateSetEpoch);
        switchRole(role, epoch);
    }

    /**
     * Controller mode: becomes slave {@code brokerId} of the master whose HA listener is at {@code
     * masterHaAddress} in term {@code epoch}; its log is cut back to the terms that master holds
     * before copying resumes. The broker keeps its address and re-registers as a slave.
     */
    public synchronized void changeToSlave(String masterHaAddress, int epoch, long brokerId)
            throws IOException {
        Map<String, String> role = new HashMap<>();
        role.put("brokerRole", "SLAVE");
        role.put("brokerId", Long.toString(brokerId));
        role.put("haMasterAddress", masterHaAddress);
        LOG.info(
                "broker {}: slave {} of {} in epoch {}", address, brokerId, masterHaAddress, epoch);
        switchRole(role, epoch);
    }

    /**
     * Takes the parts down and opens them again in the new role, on the same ports, around the
     * store kept open (its role changes in place, with the HA side: ReplicationRole).
     */
    private void switchRole(Map<String, String> role, int epoch) throws IOException {
        if (closed) {
            throw new IOException("the broker is closed");
        }
        if (!down) {
            listenPort = port();
            haListenPort = haPort();
        }
        role.put("listenPort", Integer.toString(listenPort));
        if (haListenPort > 0) {
            role.put("haListenPort", Integer.toString(haListenPort));
        }
        BrokerConfig next = BrokerConfig.fromValues(config.values().with(role));
        long started = System.nanoTime();
        if (!down) {
            parts.closeForRoleSwitch();
            down = true;
        }
        long closed = System.nanoTime();
        reopenIfFailed(next);
        parts = Components.start(next, epoch, agent, kept); // on failure: down, tried again
        down = false;
        config = next;
        LOG.info(
                "broker {}: {} of epoch {} serving; parts closed in {} ms, opened in {} ms",
                address,
                role.get("brokerRole"),
                epoch,
                TimeUnit.NANOSECONDS.toMillis(closed - started),
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - closed));
    }

    /**
     * While the parts are down: the kept store is opened again when it turned read-only, or when an
     * earlier switch closed it and could not open it again (on failure: down, tried again).
     */
    private void reopenIfFailed(BrokerConfig next) throws IOException {
        if (kept == null ? !StoreSide.keptAcrossRoles(next) : kept.store().failure() == null) {
            return;
        }
        if (kept != null) {
            LOG.warn("broker {}: reopening its read-only store", address, kept.store().failure());
            StoreSide failed = kept;
            kept = null;
            failed.close();
        }
        kept = StoreSide.open(next);
    }

    /** The terms (epoch, start offset) this broker's log holds, oldest first (for tests). */
    java.util.List<io.bolide.store.EpochEntry> epochs() throws IOException {
        return io.bolide.store.EpochFile.open(config.storePathRootDir()).entries();
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
    public void close() {
        // First, and outside the lock: its thread may be waiting for the lock to switch roles.
        if (agent != null) {
            agent.close();
        }
        closeParts();
    }

    private synchronized void closeParts() {
        if (closed) {
            return;
        }
        closed = true;
        long started = System.nanoTime();
        if (!down) {
            parts.close();
        }
        closeKept(kept);
        LOG.info(
                "broker {} at {} stopped in {} ms",
                config.brokerName(),
                address,
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
    }
}
