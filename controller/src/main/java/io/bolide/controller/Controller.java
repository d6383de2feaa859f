package io.bolide.controller;

import io.bolide.remoting.RemotingServer;
import io.bolide.remoting.RemotingServerConfig;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A running controller: one member of a raft group (SOFAJRaft) that keeps, per broker group, the
 * replicas, the master with its epoch and the SyncStateSet with its epoch; serves the reference's
 * controller request codes on its own remoting port; and elects a new master when a master's
 * heartbeats stop. Three controllers tolerate the loss of one.
 *
 * <pre>{@code
 * try (Controller c = Controller.start(ControllerConfig.fromProperties(props))) { ... }
 * }</pre>
 */
public final class Controller implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Controller.class);
    private static final Duration SHUTDOWN_GRACE = Duration.ofSeconds(3);
    private static final String SOFA_LOGBACK_OFF = "logback.middleware.log.disable";

    static {
        // jraft's transport (bolt) logs through sofa-common-tools, which fails against Logback 1.5
        // and prints a stack trace at first use; jraft itself logs through SLF4J either way.
        if (System.getProperty(SOFA_LOGBACK_OFF) == null) {
            System.setProperty(SOFA_LOGBACK_OFF, "true");
        }
    }

    private final RaftReplication raft;
    private final RemotingServer server;
    private final ExecutorService writer;
    private final ScheduledExecutorService scanner;
    private final ControllerCore core;
    private final RemoteRoleChanges roleChanges;

    private Controller(
            RaftReplication raft,
            RemotingServer server,
            ExecutorService writer,
            ScheduledExecutorService scanner,
            ControllerCore core,
            RemoteRoleChanges roleChanges) {
        this.raft = raft;
        this.server = server;
        this.writer = writer;
        this.scanner = scanner;
        this.core = core;
        this.roleChanges = roleChanges;
    }

    /**
     * Starts the raft node and the remoting port; returns once the port accepts connections (the
     * raft group elects its leader in the background).
     *
     * @throws InterruptedException if interrupted while binding
     */
    public static Controller start(ControllerConfig config) throws InterruptedException {
        return start(config, System::currentTimeMillis);
    }

    /** Starts a controller whose heartbeat timeouts follow {@code clock} (milliseconds). */
    static Controller start(ControllerConfig config, LongSupplier clock)
            throws InterruptedException {
        ControllerState state = new ControllerState();
        Liveness liveness = new Liveness(clock, config.heartbeatTimeoutMillis());
        ExecutorService writer =
                Executors.newSingleThreadExecutor(daemon("bolide-controller-writer"));
        RaftReplication raft =
                RaftReplication.start(config, new ControllerFsm(state, liveness::graceAll));
        ControllerCore core =
                new ControllerCore(
                        state,
                        liveness,
                        raft,
                        writer,
                        config.electUnclean(),
                        config.electAttempts());
        RemoteRoleChanges roleChanges = RemoteRoleChanges.told(core, config.notifyRoleChanges());
        ScheduledExecutorService scanner =
                Executors.newSingleThreadScheduledExecutor(daemon("bolide-controller-scan"));
        DeadMasterScan scan = new DeadMasterScan(scanner, core);
        ControllerSettings settings =
                new ControllerSettings(config, next -> apply(next, core, raft, scan, roleChanges));
        RemotingServer server =
                new RemotingServer(RemotingServerConfig.builder().port(config.rpcPort()).build());
        RequestTable.install(server, core, settings);
        try {
            server.start();
        } catch (InterruptedException | RuntimeException e) {
            closeAll(scanner, raft, writer, roleChanges);
            throw e;
        }
        scan.every(config.scanMillis());
        LOG.info(
                "controller {} of group {} listening on port {}",
                config.serverId(),
                config.groupId(),
                server.port());
        return new Controller(raft, server, writer, scanner, core, roleChanges);
    }

    /**
     * Pushes an UPDATE_CONTROLLER_CONFIG into the parts that read the live keys; the other keys are
     * refused before this (ControllerSettings), so they cannot have changed.
     */
    private static void apply(
            ControllerConfig next,
            ControllerCore core,
            RaftReplication raft,
            DeadMasterScan scan,
            RoleChanges roleChanges) {
        core.liveness().defaultTimeoutMillis(next.heartbeatTimeoutMillis());
        core.electionSettings(next.electUnclean(), next.electAttempts());
        core.roleChanges(next.notifyRoleChanges() ? roleChanges : RoleChanges.NONE);
        raft.electionTimeoutMs(next.electionTimeoutMs());
        scan.every(next.scanMillis());
        LOG.info("controller {} configuration updated", next.serverId());
    }

    private static void closeAll(
            ScheduledExecutorService scanner,
            RaftReplication raft,
            ExecutorService writer,
            RemoteRoleChanges roleChanges) {
        scanner.shutdownNow();
        raft.close();
        writer.shutdownNow();
        roleChanges.close();
    }

    private static java.util.concurrent.ThreadFactory daemon(String name) {
        return runnable -> {
            Thread thread = new Thread(runnable, name);
            thread.setDaemon(true);
            return thread;
        };
    }

    /** The request codes every controller answers. */
    public static List<Integer> servedCodes() {
        return RequestTable.SERVED;
    }

    /** The remoting port brokers and mqadmin talk to. */
    public int port() {
        return server.port();
    }

    /** Whether this controller is the raft leader now. */
    public boolean isLeader() {
        return raft.isLeader();
    }

    /** The service, for tests in this package. */
    ControllerCore core() {
        return core;
    }

    /** The raft side, for tests in this package. */
    RaftReplication raft() {
        return raft;
    }

    /** Stops scanning and answering, then leaves the raft group. */
    @Override
    public void close() {
        core.closing();
        scanner.shutdownNow();
        try {
            server.shutdown(SHUTDOWN_GRACE);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        writer.shutdownNow();
        roleChanges.close();
        raft.close();
    }
}
