package io.bolide.protocol.body;

import java.util.List;
import java.util.Map;

/**
 * The body of a CONTROLLER_GET_SYNC_STATE_DATA (1006) answer: per broker name, its master, epochs
 * and which replicas are in the SyncStateSet (mqadmin getSyncStateSet prints it).
 */
public record BrokerReplicasInfo(Map<String, ReplicasInfo> replicasInfoTable) {

    /** Copies the table, null becoming empty. */
    public BrokerReplicasInfo {
        replicasInfoTable = Frozen.map(replicasInfoTable);
    }

    /** One broker group's master, epochs and replicas. */
    public record ReplicasInfo(
            Long masterBrokerId,
            String masterAddress,
            Integer masterEpoch,
            Integer syncStateSetEpoch,
            List<ReplicaIdentity> inSyncReplicas,
            List<ReplicaIdentity> notInSyncReplicas) {

        /** Copies the lists, null becoming empty. */
        public ReplicasInfo {
            inSyncReplicas = Frozen.list(inSyncReplicas);
            notInSyncReplicas = Frozen.list(notInSyncReplicas);
        }
    }

    /** One replica: its id, address and whether the controller hears its heartbeats. */
    public record ReplicaIdentity(
            String brokerName, Long brokerId, String brokerAddress, Boolean alive) {}
}
