package io.bolide.broker.controller;

import java.io.IOException;
import java.util.Set;

/**
 * The controller requests a controller-mode broker makes (the reference's codes), each sent to the
 * controllers' leader. An answer other than success throws {@link Refused} with the controller's
 * code; an unreachable controller throws another {@link IOException}.
 */
interface Controllers {
    /** Asks who leads the controllers now (CONTROLLER_GET_METADATA_INFO, 1005). */
    void findLeader();

    /** CONTROLLER_GET_NEXT_BROKER_ID (1012). */
    long nextBrokerId(String cluster, String brokerName) throws IOException;

    /** CONTROLLER_APPLY_BROKER_ID (1013): claims {@code id} with {@code checkCode}. */
    void applyBrokerId(String cluster, String brokerName, long id, String checkCode)
            throws IOException;

    /** CONTROLLER_REGISTER_BROKER (1003): the group's master when it lives (else no master). */
    Replicas register(String cluster, String brokerName, long id, String address)
            throws IOException;

    /** BROKER_HEARTBEAT (904), oneway. */
    void heartbeat(Beat beat) throws IOException;

    /** CONTROLLER_GET_REPLICA_INFO (1004). */
    Replicas replicaInfo(String brokerName) throws IOException;

    /** CONTROLLER_ELECT_MASTER (1002), this broker asking to lead. */
    Replicas elect(String cluster, String brokerName, long id) throws IOException;

    /**
     * CONTROLLER_ALTER_SYNC_STATE_SET (1001).
     *
     * @return the new SyncStateSet epoch
     */
    int alterSyncStateSet(
            String brokerName, long masterId, int masterEpoch, Set<Long> members, int setEpoch)
            throws IOException;

    /**
     * What the controller says of a group.
     *
     * @param masterId the master's id, or -1 with none (or none alive, in a registration answer)
     * @param masterAddress the master's address, or null
     */
    record Replicas(
            long masterId,
            String masterAddress,
            int masterEpoch,
            Set<Long> syncStateSet,
            int setEpoch) {
        public Replicas {
            syncStateSet = Set.copyOf(syncStateSet);
        }

        boolean hasMaster() {
            return masterId >= 0 && masterAddress != null && !masterAddress.isEmpty();
        }
    }

    /** One heartbeat's fields. */
    record Beat(
            String cluster,
            String brokerName,
            String address,
            long id,
            int epoch,
            long maxOffset,
            long confirmOffset,
            long timeoutMs,
            int priority) {}

    /** A controller answered with a code other than success. */
    final class Refused extends IOException {
        private static final long serialVersionUID = 1L;
        private final int code;

        Refused(int code, String remark) {
            super("controller answered " + code + ": " + remark);
            this.code = code;
        }

        int code() {
            return code;
        }
    }
}
