package io.bolide.controller;

import io.bolide.protocol.body.ElectMasterResponseBody;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.header.ElectMasterResponseHeader;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The controller's service: decides each request on the replicated state, replicates what the
 * decision changes, then answers. Writes are decided one at a time on one thread and each waits for
 * its entry to be applied before the next is decided, so no decision looks at a state an earlier
 * accepted decision has not reached yet. Only the raft leader decides and answers; the others
 * answer CONTROLLER_NOT_LEADER as the reference's followers do.
 */
final class ControllerCore {
    private static final Logger LOG = LoggerFactory.getLogger(ControllerCore.class);
    private static final long APPLY_TIMEOUT_MILLIS = 10_000;

    private final ControllerState state;
    private final Liveness liveness;
    private final Replication replication;
    private final ExecutorService writer;
    // volatile: UPDATE_CONTROLLER_CONFIG changes them while scans and elections read them
    private volatile boolean electUnclean;
    private volatile int electAttempts;
    private volatile RoleChanges roleChanges = RoleChanges.NONE;
    private volatile boolean closing;

    /**
     * @param electAttempts elections tried for a group whose master died, until one succeeds
     *     ({@code electMasterMaxRetryCount})
     */
    ControllerCore(
            ControllerState state,
            Liveness liveness,
            Replication replication,
            ExecutorService writer,
            boolean electUnclean,
            int electAttempts) {
        this.state = state;
        this.liveness = liveness;
        this.replication = replication;
        this.writer = writer;
        this.electUnclean = electUnclean;
        this.electAttempts = electAttempts;
    }

    /**
     * Where the outcome of each successful election is told to the group's living replicas
     * (notifyBrokerRoleChanged; {@link RoleChanges#NONE}: nowhere).
     */
    void roleChanges(RoleChanges to) {
        this.roleChanges = to;
    }

    Liveness liveness() {
        return liveness;
    }

    ControllerState state() {
        return state;
    }

    Replication replication() {
        return replication;
    }

    boolean electUnclean() {
        return electUnclean;
    }

    /** Changes enableElectUncleanMaster and electMasterMaxRetryCount for the next elections. */
    void electionSettings(boolean unclean, int attempts) {
        this.electUnclean = unclean;
        this.electAttempts = attempts;
    }

    /** Answers a read on the leader's state at once. */
    Outcome read(Function<ControllerState, Outcome> reader) {
        if (!replication.isLeader()) {
            return notLeader();
        }
        return state.read(reader);
    }

    /** Decides a write on the writer thread, replicates its events, then completes. */
    CompletableFuture<Outcome> write(Function<ControllerState, Outcome> decide) {
        return CompletableFuture.supplyAsync(() -> decideAndApply(decide), writer);
    }

    private Outcome decideAndApply(Function<ControllerState, Outcome> decide) {
        if (!replication.isLeader()) {
            return notLeader();
        }
        Outcome outcome = state.read(decide);
        if (outcome.events().isEmpty()) {
            return outcome;
        }
        try {
            boolean applied =
                    replication
                            .propose(outcome.events())
                            .get(APPLY_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
            return applied
                    ? outcome
                    : Outcome.failure(
                            ResponseCode.CONTROLLER_JRAFT_INTERNAL_ERROR,
                            "The state changed while the request was decided; retry");
        } catch (ExecutionException | TimeoutException e) {
            LOG.warn("controller could not replicate {}: {}", outcome.events(), e.toString());
            return Outcome.failure(
                    ResponseCode.CONTROLLER_JRAFT_INTERNAL_ERROR,
                    "Apply task failed, Please see the server log.");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Outcome.failure(
                    ResponseCode.CONTROLLER_JRAFT_INTERNAL_ERROR, "Interrupted while applying");
        }
    }

    /**
     * One scan for masters whose heartbeats stopped: for each, an election as the controller's own
     * (from the SyncStateSet; from every replica when unclean elections are allowed), tried again
     * while it fails, {@code electAttempts} times in all. Each failed attempt still ends a term
     * (5.5.0's controller does the same: with its default of 3 attempts a group whose master died
     * with no one to follow it goes from master epoch e to e + 3). Does nothing off the leader, or
     * within the grace after becoming leader. Completes with each group's last outcome.
     */
    CompletableFuture<List<Outcome>> electForDeadMasters() {
        if (!replication.isLeader() || liveness.inGrace()) {
            return CompletableFuture.completedFuture(List.of());
        }
        List<String> orphaned =
                state.read(
                        s -> {
                            List<String> names = new ArrayList<>();
                            s.groups()
                                    .forEach(
                                            (name, group) -> {
                                                if (group.master() != null
                                                        && !liveness.isAlive(
                                                                name, group.master())) {
                                                    names.add(name);
                                                }
                                            });
                            return names;
                        });
        return electEach(orphaned, "stopped its heartbeats");
    }

    /**
     * A connection that brought heartbeats closed: the replicas last heard over it are dead now (as
     * in the reference, whose controller drops a broker whose channel closes), and each group whose
     * master was among them gets an election at once rather than at the scan after the heartbeat
     * timeout. Off the leader only the replicas are forgotten; the scan then judges their groups.
     * Within the grace after becoming leader, so is a replica last heard before this controller led
     * (it may be beating towards another); one that beat to this leader since is judged at once, or
     * the first fail-over after a controller election would wait out the whole grace.
     */
    CompletableFuture<List<Outcome>> connectionClosed(Object connection) {
        if (closing) {
            return CompletableFuture.completedFuture(List.of()); // this controller closed it
        }
        boolean grace = liveness.inGrace();
        List<Liveness.ReplicaKey> gone =
                liveness.closed(connection).stream()
                        .filter(c -> !grace || c.sinceLeading())
                        .map(Liveness.Closed::key)
                        .toList();
        if (gone.isEmpty() || !replication.isLeader()) {
            return CompletableFuture.completedFuture(List.of());
        }
        List<String> orphaned =
                state.read(
                        s -> {
                            List<String> names = new ArrayList<>();
                            for (Liveness.ReplicaKey key : gone) {
                                ReplicaGroup group = s.group(key.brokerName());
                                if (group != null
                                        && Long.valueOf(key.brokerId()).equals(group.master())
                                        && !names.contains(key.brokerName())) {
                                    names.add(key.brokerName());
                                }
                            }
                            return names;
                        });
        return electEach(orphaned, "closed its connection");
    }

    private CompletableFuture<List<Outcome>> electEach(List<String> orphaned, String why) {
        List<CompletableFuture<Outcome>> elections = new ArrayList<>();
        for (String name : orphaned) {
            LOG.info("master of {} {}: electing", name, why);
            elections.add(electOnLoss(name, electAttempts));
        }
        return CompletableFuture.allOf(elections.toArray(CompletableFuture[]::new))
                .thenApply(done -> elections.stream().map(CompletableFuture::join).toList());
    }

    /** An election (ELECT_MASTER or the controller's own); a new master is told to the group. */
    CompletableFuture<Outcome> elect(ElectionRules.ElectRequest request) {
        return write(s -> ElectionRules.elect(s, liveness, electUnclean, request))
                .thenApply(
                        outcome -> {
                            announce(request.brokerName(), outcome);
                            return outcome;
                        });
    }

    /** Tells each living replica of the group the new term, when {@code outcome} started one. */
    private void announce(String brokerName, Outcome outcome) {
        if (outcome.code() != ResponseCode.SUCCESS
                || !(outcome.header() instanceof ElectMasterResponseHeader h)
                || !(outcome.body() instanceof ElectMasterResponseBody body)
                || body.brokerMemberGroup() == null
                || h.masterBrokerId() == null) {
            return;
        }
        LOG.info(
                "{}: master {} ({}) elected in epoch {}",
                brokerName,
                h.masterBrokerId(),
                h.masterAddress(),
                h.masterEpoch());
        RoleChanges.Change change =
                new RoleChanges.Change(
                        brokerName,
                        h.masterBrokerId(),
                        h.masterAddress(),
                        h.masterEpoch(),
                        body.syncStateSet(),
                        h.syncStateSetEpoch());
        body.brokerMemberGroup()
                .brokerAddrs()
                .forEach(
                        (id, address) -> {
                            if (liveness.isAlive(brokerName, id)) {
                                roleChanges.tell(address, change);
                            }
                        });
    }

    private CompletableFuture<Outcome> electOnLoss(String name, int attemptsLeft) {
        if (attemptsLeft <= 0) {
            return CompletableFuture.completedFuture(
                    Outcome.failure(
                            ResponseCode.CONTROLLER_ELECT_MASTER_FAILED,
                            "No election attempt allowed (electMasterMaxRetryCount)"));
        }
        return elect(new ElectionRules.ElectRequest(name, null, false, true))
                .thenCompose(
                        outcome ->
                                outcome.code() == ResponseCode.SUCCESS || attemptsLeft == 1
                                        ? CompletableFuture.completedFuture(outcome)
                                        : electOnLoss(name, attemptsLeft - 1));
    }

    /**
     * This controller is shutting down: the connections its server now closes say nothing of the
     * brokers at their other end, so they elect nobody (a stopped leader once ended the term of
     * every group whose heartbeats it held).
     */
    void closing() {
        closing = true;
    }

    /** Called when this controller becomes leader. */
    void onLeaderStart() {
        liveness.graceAll();
    }

    static Outcome notLeader() {
        return Outcome.failure(
                ResponseCode.CONTROLLER_NOT_LEADER, "The controller is not in leader state");
    }
}
