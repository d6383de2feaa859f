package io.bolide.controller;

import io.bolide.protocol.body.BrokerMemberGroup;
import io.bolide.protocol.body.ElectMasterResponseBody;
import io.bolide.protocol.body.SyncStateSet;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.header.AlterSyncStateSetRequestHeader;
import io.bolide.protocol.header.AlterSyncStateSetResponseHeader;
import io.bolide.protocol.header.ElectMasterResponseHeader;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Master elections (1002, and the controller's own on master loss) and SyncStateSet changes (1001).
 * A new master starts a new term: the master epoch and the SyncStateSet epoch both grow, and the
 * set shrinks to the new master alone until it reports who has caught up.
 */
final class ElectionRules {
    private ElectionRules() {}

    /** Who asked for an election, and whom they want. */
    record ElectRequest(
            String brokerName, Long brokerId, boolean designate, boolean byController) {}

    static Outcome elect(
            ControllerState state, Liveness liveness, boolean unclean, ElectRequest request) {
        ReplicaGroup group = state.group(request.brokerName());
        if (group == null) {
            return Outcome.failure(
                    ResponseCode.CONTROLLER_BROKER_NEED_TO_BE_REGISTERED,
                    "Broker hasn't been registered");
        }
        Long oldMaster = group.master();
        Long newMaster =
                group.neverElected() && !request.byController() ? request.brokerId() : null;
        if (newMaster == null) {
            Long designated = request.designate() ? request.brokerId() : null;
            newMaster = choose(group, liveness, oldMaster, designated, unclean);
        }
        return decided(group, oldMaster, newMaster, request.byController());
    }

    /** The answer and the term change once the candidate ({@code newMaster}) is known. */
    private static Outcome decided(
            ReplicaGroup group, Long oldMaster, Long newMaster, boolean byController) {
        if (newMaster != null && newMaster.equals(oldMaster)) {
            return Outcome.failure(
                    ResponseCode.CONTROLLER_MASTER_STILL_EXIST,
                    "The old master "
                            + oldMaster
                            + " is still alive, no need to elect a new master for broker "
                            + group.brokerName(),
                    masterHeader(group, oldMaster, group.masterEpoch(), group.syncStateSetEpoch()),
                    new ElectMasterResponseBody(null, group.syncStateSet()));
        }
        String name = group.brokerName();
        if (newMaster != null) {
            return Outcome.success(
                    masterHeader(
                            group,
                            newMaster,
                            group.masterEpoch() + 1,
                            group.syncStateSetEpoch() + 1),
                    new ElectMasterResponseBody(memberGroup(group), Set.of(newMaster)),
                    List.of(new Event.ElectMaster(name, newMaster, group.masterEpoch())));
        }
        if (!byController) {
            return Outcome.failure(
                    ResponseCode.CONTROLLER_ELECT_MASTER_FAILED, "Failed to elect a new master");
        }
        // The master is gone and nobody may follow it: the group is left without a master (a new
        // term, so the old master is fenced if it comes back) until an in-sync replica returns.
        // Like 5.5.0's, every such election ends a term, also one of a group already masterless.
        return Outcome.failure(
                        ResponseCode.CONTROLLER_MASTER_NOT_AVAILABLE,
                        "Old master has down and failed to elect a new broker master")
                .withEvents(List.of(new Event.ElectMaster(name, null, group.masterEpoch())));
    }

    private static Long choose(
            ReplicaGroup group,
            Liveness liveness,
            Long oldMaster,
            Long designated,
            boolean unclean) {
        Long chosen =
                Candidates.choose(
                        liveness, group.brokerName(), group.syncStateSet(), oldMaster, designated);
        if (chosen == null && unclean) {
            chosen =
                    Candidates.choose(
                            liveness,
                            group.brokerName(),
                            group.replicas().keySet(),
                            oldMaster,
                            designated);
        }
        return chosen;
    }

    private static ElectMasterResponseHeader masterHeader(
            ReplicaGroup group, Long master, int masterEpoch, int syncStateSetEpoch) {
        return new ElectMasterResponseHeader()
                .masterBrokerId(master)
                .masterAddress(group.address(master))
                .masterEpoch(masterEpoch)
                .syncStateSetEpoch(syncStateSetEpoch);
    }

    static BrokerMemberGroup memberGroup(ReplicaGroup group) {
        Map<Long, String> addresses = new HashMap<>();
        group.replicas()
                .forEach(
                        (id, replica) -> {
                            if (replica.address() != null) {
                                addresses.put(id, replica.address());
                            }
                        });
        return new BrokerMemberGroup(group.cluster(), group.brokerName(), addresses);
    }

    static Outcome alter(
            ControllerState state,
            Liveness liveness,
            AlterSyncStateSetRequestHeader req,
            SyncStateSet proposed) {
        ReplicaGroup group = state.group(req.brokerName());
        if (group == null) {
            return Outcome.failure(
                    ResponseCode.CONTROLLER_ALTER_SYNC_STATE_SET_FAILED,
                    "Broker metadata is not existed");
        }
        Set<Long> wanted = proposed == null ? Set.of() : proposed.syncStateSet();
        Outcome refused = refusal(group, liveness, req, proposed, wanted);
        if (refused != null) {
            return refused;
        }
        int epoch = group.syncStateSetEpoch() + 1;
        return Outcome.success(
                new AlterSyncStateSetResponseHeader().newSyncStateSetEpoch(epoch),
                new SyncStateSet(wanted, epoch),
                List.of(
                        new Event.AlterSyncStateSet(
                                group.brokerName(), wanted, group.syncStateSetEpoch())));
    }

    /** The refusal of the change, in the order the reference checks; null when accepted. */
    private static Outcome refusal(
            ReplicaGroup group,
            Liveness liveness,
            AlterSyncStateSetRequestHeader req,
            SyncStateSet proposed,
            Set<Long> wanted) {
        if (group.syncStateSet().equals(wanted)) {
            return Outcome.failure(
                    ResponseCode.CONTROLLER_ALTER_SYNC_STATE_SET_FAILED,
                    "The newSyncStateSet is equal with oldSyncStateSet");
        }
        if (group.master() == null || !group.master().equals(req.masterBrokerId())) {
            return Outcome.failure(
                    ResponseCode.CONTROLLER_INVALID_MASTER,
                    "Rejecting alter syncStateSet request because the current master is "
                            + group.master()
                            + ", not "
                            + req.masterBrokerId());
        }
        Outcome fenced = epochRefusal(group, req, proposed);
        if (fenced != null) {
            return fenced;
        }
        Outcome members = memberRefusal(group, liveness, wanted);
        if (members != null) {
            return members;
        }
        if (!wanted.contains(group.master())) {
            return Outcome.failure(
                    ResponseCode.CONTROLLER_ALTER_SYNC_STATE_SET_FAILED,
                    "Rejecting alter syncStateSet request because the new syncStateSet doesn't"
                            + " contain the master "
                            + group.master());
        }
        return null;
    }

    /** Every member of the new set must be a registered, living replica. */
    private static Outcome memberRefusal(ReplicaGroup group, Liveness liveness, Set<Long> wanted) {
        for (Long id : new ArrayList<>(wanted)) {
            if (!group.has(id)) {
                return Outcome.failure(
                        ResponseCode.CONTROLLER_INVALID_REPLICAS,
                        "Rejecting alter syncStateSet request because the replicas "
                                + id
                                + " don't exist");
            }
            if (!liveness.isAlive(group.brokerName(), id)) {
                return Outcome.failure(
                        ResponseCode.CONTROLLER_BROKER_NOT_ALIVE,
                        "Rejecting alter syncStateSet request because the replicas "
                                + id
                                + " don't alive");
            }
        }
        return null;
    }

    /** The master's view must be of the current term and the current SyncStateSet. */
    private static Outcome epochRefusal(
            ReplicaGroup group, AlterSyncStateSetRequestHeader req, SyncStateSet proposed) {
        if (req.masterEpoch() == null || req.masterEpoch() != group.masterEpoch()) {
            return Outcome.failure(
                    ResponseCode.CONTROLLER_FENCED_MASTER_EPOCH,
                    "Rejecting alter syncStateSet request because the current master epoch is "
                            + group.masterEpoch()
                            + ", not "
                            + req.masterEpoch());
        }
        if (proposed.syncStateSetEpoch() != group.syncStateSetEpoch()) {
            return Outcome.failure(
                    ResponseCode.CONTROLLER_FENCED_SYNC_STATE_SET_EPOCH,
                    "Rejecting alter syncStateSet request because the current syncStateSet epoch"
                            + " is "
                            + group.syncStateSetEpoch()
                            + ", not "
                            + proposed.syncStateSetEpoch());
        }
        return null;
    }
}
