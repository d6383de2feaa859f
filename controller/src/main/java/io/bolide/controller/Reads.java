package io.bolide.controller;

import io.bolide.protocol.body.BrokerReplicasInfo;
import io.bolide.protocol.body.BrokerReplicasInfo.ReplicaIdentity;
import io.bolide.protocol.body.BrokerReplicasInfo.ReplicasInfo;
import io.bolide.protocol.body.SyncStateSet;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.header.GetReplicaInfoResponseHeader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The controller's answers that change nothing: a group's master (1004), SyncStateSets (1006). */
final class Reads {
    private Reads() {}

    static Outcome replicaInfo(ControllerState state, String brokerName) {
        ReplicaGroup group = state.group(brokerName);
        if (group == null) {
            return Outcome.failure(
                    ResponseCode.CONTROLLER_BROKER_METADATA_NOT_EXIST,
                    "Broker metadata is not existed");
        }
        return Outcome.success(
                new GetReplicaInfoResponseHeader()
                        .masterBrokerId(group.master())
                        .masterAddress(group.address(group.master()))
                        .masterEpoch(group.masterEpoch()),
                new SyncStateSet(group.syncStateSet(), group.syncStateSetEpoch()));
    }

    static Outcome syncStateData(ControllerState state, Liveness liveness, List<String> names) {
        Map<String, ReplicasInfo> table = new LinkedHashMap<>();
        for (String name : names) {
            ReplicaGroup group = state.group(name);
            if (group != null) {
                table.put(name, replicasInfo(group, liveness));
            }
        }
        return Outcome.success(null, new BrokerReplicasInfo(table));
    }

    private static ReplicasInfo replicasInfo(ReplicaGroup group, Liveness liveness) {
        List<ReplicaIdentity> inSync = new ArrayList<>();
        List<ReplicaIdentity> notInSync = new ArrayList<>();
        group.replicas()
                .forEach(
                        (id, replica) -> {
                            ReplicaIdentity identity =
                                    new ReplicaIdentity(
                                            group.brokerName(),
                                            id,
                                            replica.address(),
                                            liveness.isAlive(group.brokerName(), id));
                            (group.syncStateSet().contains(id) ? inSync : notInSync).add(identity);
                        });
        return new ReplicasInfo(
                group.master(),
                group.address(group.master()),
                group.masterEpoch(),
                group.syncStateSetEpoch(),
                inSync,
                notInSync);
    }
}
