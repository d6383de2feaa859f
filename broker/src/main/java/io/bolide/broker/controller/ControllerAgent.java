package io.bolide.broker.controller;

import io.bolide.broker.ha.InSyncSet;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.remoting.RemotingClient;
import io.bolide.remoting.RemotingClientConfig;
import java.io.IOException;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A controller-mode broker's side of automatic fail-over (the reference's ReplicasManager): it
 * registers with the controllers, beats to their leader, asks for its group's master and epochs
 * every {@code syncBrokerMetadataPeriod} (or is told, NOTIFY_BROKER_ROLE_CHANGED) and switches the
 * broker to master or to slave of the elected master; asks for an election when the group has no
 * master; as master, expands and shrinks the SyncStateSet every {@code checkSyncStateSetPeriod}.
 * Everything runs on one thread ({@code bolide-controller-client}); {@link #tick(long)} is one
 * round, driven by a clock so tests can step it.
 */
public final class ControllerAgent implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ControllerAgent.class);
    private static final long TICK_MS = 50;

    /**
     * How long after an unanswered SyncStateSet change the controller's older set may be believed
     * again: longer than any controller request waits, so a change the controller took but had not
     * applied when the request failed has by then been applied (a newer set epoch) or never will
     * be.
     */
    static final long SETTLE_MS = 10_000;

    private enum Role {
        UNDECIDED,
        MASTER,
        SLAVE
    }

    private final ControllerSettings settings;
    private final String cluster;
    private final String brokerName;
    private final Controllers controllers;
    private final LongSupplier millis;
    private final InSyncSet inSync;
    private final ScheduledExecutorService thread;

    /**
     * Heartbeats on a thread of their own: a role switch reopens the broker's parts and can take a
     * while, and a master silent that long would be judged dead.
     */
    private final ScheduledExecutorService beats;

    private volatile boolean closed;
    private volatile long lastMaxOffset;
    private volatile long lastJoinOffset;
    private volatile long id = -1;
    private volatile Role role = Role.UNDECIDED;
    private volatile long masterId = -1;
    private volatile String masterAddress = "";
    private volatile int masterEpoch;
    private BrokerSide side;
    private AutoCloseable resources = () -> {};
    private volatile boolean registered;
    private long nextLeader;
    private long nextPoll;
    private long nextCheck;
    private long nextRegisterAgain;

    /**
     * When a SyncStateSet change failed without a definite answer, else -1. Until the controller
     * shows how it ended, the master waits for the old and the proposed members alike.
     */
    private long unsettledSince = -1;

    ControllerAgent(
            ControllerSettings settings,
            String cluster,
            String brokerName,
            Controllers controllers,
            LongSupplier millis) {
        this.settings = settings;
        this.cluster = cluster;
        this.brokerName = brokerName;
        this.controllers = controllers;
        this.millis = millis;
        this.inSync = new InSyncSet(millis);
        this.thread = daemon("bolide-controller-client");
        this.beats = daemon("bolide-controller-beat");
    }

    private static ScheduledExecutorService daemon(String name) {
        return Executors.newSingleThreadScheduledExecutor(
                r -> {
                    Thread t = new Thread(r, name);
                    t.setDaemon(true);
                    return t;
                });
    }

    /** A client of the controllers {@code settings} names, with a remoting client of its own. */
    public static ControllerAgent create(
            ControllerSettings settings, String cluster, String brokerName) {
        if (settings.controllers().isEmpty()) {
            throw new IllegalArgumentException(
                    "enableControllerMode=true needs controllerAddr (host:port;host:port)");
        }
        RemotingClient client =
                new RemotingClient(RemotingClientConfig.builder().ioThreads(1).build());
        ControllerAgent agent =
                new ControllerAgent(
                        settings,
                        cluster,
                        brokerName,
                        new RemoteControllers(client, settings),
                        System::currentTimeMillis);
        agent.resources = client;
        return agent;
    }

    /**
     * This broker's id: kept from an earlier start, else given by the controller. Retries until
     * {@code timeoutMs} has passed.
     *
     * @param checkCode unique to this claim (the reference: address;time)
     */
    public long acquireId(String checkCode, long timeoutMs) throws IOException {
        IdentityFile file = new IdentityFile(settings.identityFile());
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        while (true) {
            try {
                id = IdentityClaim.acquire(file, controllers, cluster, brokerName, checkCode);
                inSync.identify(id);
                return id;
            } catch (IOException e) {
                if (System.nanoTime() - deadline > 0) {
                    throw new IOException(
                            "no broker id from the controllers: " + e.getMessage(), e);
                }
                LOG.warn("asking the controllers for a broker id: {}; retrying", e.getMessage());
                pause();
            }
        }
    }

    private static void pause() throws IOException {
        try {
            TimeUnit.MILLISECONDS.sleep(500);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while asking for a broker id");
        }
    }

    /** Starts the rounds: register, beat, follow the controller's view of the group. */
    public void start(BrokerSide broker) {
        this.side = broker;
        thread.scheduleWithFixedDelay(this::round, 0, TICK_MS, TimeUnit.MILLISECONDS);
        beats.scheduleAtFixedRate(
                this::beatIfRegistered, 0, settings.heartbeatMs(), TimeUnit.MILLISECONDS);
    }

    private void beatIfRegistered() {
        if (registered && !closed) {
            beat();
        }
    }

    /** As {@link #start} without the thread: the test drives {@link #tick(long)}. */
    void startForTest(BrokerSide broker) {
        this.side = broker;
    }

    private void round() {
        if (closed) {
            return;
        }
        try {
            tick(millis.getAsLong());
        } catch (RuntimeException e) {
            LOG.warn("controller client round failed", e);
        }
    }

    /** One round at {@code now}: whatever is due. */
    synchronized void tick(long now) {
        if (!registered && !register()) {
            return;
        }
        if (now >= nextLeader) {
            nextLeader = now + settings.leaderMs();
            controllers.findLeader();
        }
        if (now >= nextPoll) {
            nextPoll = now + settings.replicaInfoMs();
            poll();
        }
        if (role == Role.MASTER && now >= nextCheck) {
            nextCheck = now + settings.checkSyncStateSetMs();
            checkSyncStateSet();
        }
        if (role == Role.SLAVE && now >= nextRegisterAgain && !side.linked()) {
            nextRegisterAgain = now + settings.replicaInfoMs();
            side.registerAgain();
        }
    }

    private boolean register() {
        try {
            Controllers.Replicas replicas =
                    controllers.register(cluster, brokerName, id, side.address());
            registered = true;
            LOG.info("registered with the controller as {} of {}", id, brokerName);
            beat();
            apply(replicas);
            return true;
        } catch (IOException e) {
            LOG.warn("cannot register with the controller: {}", e.getMessage());
            return false;
        }
    }

    private void beat() {
        try {
            // Read while the parts are open; mid-switch the last values are sent.
            lastMaxOffset = side.maxOffset();
            lastJoinOffset = side.joinOffset();
        } catch (RuntimeException switching) {
            LOG.debug("offsets unavailable during a role switch");
        }
        try {
            controllers.heartbeat(
                    new Controllers.Beat(
                            cluster,
                            brokerName,
                            side.address(),
                            id,
                            masterEpoch,
                            lastMaxOffset,
                            lastJoinOffset,
                            settings.heartbeatTimeoutMs(),
                            settings.electionPriority()));
        } catch (IOException e) {
            LOG.debug("heartbeat to the controller failed: {}", e.getMessage());
        }
    }

    private void poll() {
        try {
            apply(controllers.replicaInfo(brokerName));
        } catch (IOException e) {
            LOG.debug("cannot ask the controller for {}'s master: {}", brokerName, e.getMessage());
        }
    }

    /** NOTIFY_BROKER_ROLE_CHANGED: the controller tells the new master; applied on this thread. */
    public void roleChanged(long master, String address, int epoch, Set<Long> set, int setEpoch) {
        Controllers.Replicas told = new Controllers.Replicas(master, address, epoch, set, setEpoch);
        if (closed) {
            return;
        }
        thread.execute(
                () -> {
                    synchronized (this) {
                        if (registered) {
                            apply(told);
                        }
                    }
                });
    }

    /** Follows what the controller says of the group. */
    private void apply(Controllers.Replicas replicas) {
        if (!replicas.hasMaster()) {
            elect();
            return;
        }
        if (replicas.masterEpoch() < masterEpoch) {
            return; // older than what this broker already follows
        }
        try {
            if (replicas.masterId() == id) {
                followAsMaster(replicas);
            } else {
                followAsSlave(replicas);
            }
        } catch (IOException e) {
            LOG.error("cannot switch {} to its controller-given role: {}", id, e.toString());
        }
    }

    private void followAsMaster(Controllers.Replicas replicas) throws IOException {
        if (role != Role.MASTER || masterEpoch != replicas.masterEpoch()) {
            inSync.set(withSelf(replicas.syncStateSet()), replicas.setEpoch());
            inSync.restartClock();
            unsettledSince = -1;
            remember(replicas);
            side.becomeMaster(replicas.masterEpoch(), replicas.setEpoch());
            role = Role.MASTER;
        } else if (replicas.setEpoch() > inSync.epoch() || settles(replicas)) {
            inSync.set(withSelf(replicas.syncStateSet()), replicas.setEpoch());
            unsettledSince = -1;
        }
    }

    /**
     * Whether the controller's answer ends an unsettled change that it did not apply: the same set
     * epoch, read long enough after the failure that the change can no longer be applied.
     */
    private boolean settles(Controllers.Replicas replicas) {
        return unsettledSince >= 0
                && replicas.setEpoch() == inSync.epoch()
                && millis.getAsLong() - unsettledSince >= SETTLE_MS;
    }

    private void followAsSlave(Controllers.Replicas replicas) throws IOException {
        if (role != Role.SLAVE
                || masterId != replicas.masterId()
                || masterEpoch != replicas.masterEpoch()
                || !masterAddress.equals(replicas.masterAddress())) {
            remember(replicas);
            // Master no more first: while its HA side runs, an emptied set would let it answer
            // sends alone and make its unconfirmed tail readable.
            side.becomeSlave(replicas.masterAddress(), replicas.masterEpoch(), id);
            inSync.set(Set.of(), 0);
            unsettledSince = -1;
            role = Role.SLAVE;
        }
    }

    private void remember(Controllers.Replicas replicas) {
        masterId = replicas.masterId();
        masterAddress = replicas.masterAddress();
        masterEpoch = replicas.masterEpoch();
    }

    private Set<Long> withSelf(Set<Long> members) {
        Set<Long> all = new HashSet<>(members);
        all.add(id);
        return all;
    }

    /** The group has no master: ask to be it (the controller chooses among the fit). */
    private void elect() {
        try {
            Controllers.Replicas elected = controllers.elect(cluster, brokerName, id);
            if (elected.hasMaster()) {
                apply(elected);
            }
        } catch (IOException e) {
            LOG.debug("election for {} refused: {}", brokerName, e.getMessage());
        }
    }

    /** A master's SyncStateSet check: joiners are waited for at once, leavers once accepted. */
    private void checkSyncStateSet() {
        if (unsettledSince >= 0) {
            return; // the last change's fate is unknown: the poll settles it first
        }
        Set<Long> proposal =
                inSync.proposal(id, side.slaveAcks(), side.joinOffset(), settings.notCatchupMs());
        if (proposal == null) {
            return;
        }
        Set<Long> current = inSync.members();
        int epoch = inSync.epoch();
        Set<Long> interim = new HashSet<>(current);
        interim.addAll(proposal);
        inSync.set(interim, epoch);
        try {
            int next = controllers.alterSyncStateSet(brokerName, id, masterEpoch, proposal, epoch);
            inSync.set(proposal, next);
            LOG.info(
                    "SyncStateSet of {}: {} -> {} (epoch {})", brokerName, current, proposal, next);
        } catch (IOException e) {
            // The union stays: a change whose answer was lost may be the controller's set now, and
            // a master that went back to the smaller set would confirm reads and acknowledge sends
            // the controller's next master may lack. Even a definite refusal keeps it until the
            // poll: "not the master" means this broker must stop confirming, not confirm alone.
            long now = millis.getAsLong();
            unsettledSince = definite(e) ? now - SETTLE_MS : now;
            nextPoll = 0;
            LOG.warn(
                    "SyncStateSet change {} -> {} failed ({}); waiting for both until the"
                            + " controller shows its set",
                    current,
                    proposal,
                    e.getMessage());
        }
    }

    /** Whether the controller checked the change and refused it: nothing of it will apply. */
    private static boolean definite(IOException e) {
        if (!(e instanceof Controllers.Refused refused)) {
            return false;
        }
        int code = refused.code();
        return code == ResponseCode.CONTROLLER_FENCED_MASTER_EPOCH
                || code == ResponseCode.CONTROLLER_FENCED_SYNC_STATE_SET_EPOCH
                || code == ResponseCode.CONTROLLER_INVALID_MASTER
                || code == ResponseCode.CONTROLLER_INVALID_REPLICAS
                || code == ResponseCode.CONTROLLER_BROKER_NOT_ALIVE
                || code == ResponseCode.CONTROLLER_ALTER_SYNC_STATE_SET_FAILED;
    }

    /** The SyncStateSet as this broker holds it (its HA master waits for the members). */
    public InSyncSet inSync() {
        return inSync;
    }

    /** The id the controller gave, or -1 before {@link #acquireId}. */
    public long id() {
        return id;
    }

    /** The master's address a slave follows ("" while none is decided). */
    public String expectedMaster() {
        return masterAddress;
    }

    /** Whether the controller made this broker its group's master. */
    public boolean isMaster() {
        return role == Role.MASTER;
    }

    /** The master epoch this broker follows (0 before the first). */
    public int masterEpoch() {
        return masterEpoch;
    }

    @Override
    public void close() {
        closed = true;
        beats.shutdownNow();
        // Not interrupted: a role switch in progress completes (an interrupt would fail the store).
        thread.shutdown();
        try {
            if (!thread.awaitTermination(30, TimeUnit.SECONDS)) {
                thread.shutdownNow();
            }
            resources.close();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            LOG.warn("closing the controller client", e);
        }
    }
}
