package io.bolide.controller;

import java.util.Set;

/**
 * A change to the controller's state: what the leader appends to the raft log and every controller
 * applies in log order. The leader decides (checks epochs, liveness, ids) before it proposes; the
 * event itself only records the outcome, so applying it is deterministic and needs neither a clock
 * nor heartbeats. Conditional events carry the epoch they were decided against and change nothing
 * when the state has moved on meanwhile.
 */
sealed interface Event {

    /** The broker group the event belongs to. */
    String brokerName();

    /** A broker id assigned in a group (the group is created by its first id). */
    record ApplyBrokerId(String cluster, String brokerName, long brokerId, String checkCode)
            implements Event {}

    /** A registered replica now answers at {@code address}. */
    record UpdateAddress(String cluster, String brokerName, long brokerId, String address)
            implements Event {}

    /**
     * A master election decided against {@code expectedMasterEpoch}: {@code newMaster} becomes
     * master with a SyncStateSet of itself, or, when null, the group has no master any more.
     */
    record ElectMaster(String brokerName, Long newMaster, int expectedMasterEpoch)
            implements Event {}

    /** The master's new SyncStateSet, decided against {@code expectedSyncStateSetEpoch}. */
    record AlterSyncStateSet(
            String brokerName, Set<Long> syncStateSet, int expectedSyncStateSetEpoch)
            implements Event {
        /** Copies the set. */
        public AlterSyncStateSet {
            syncStateSet = Set.copyOf(syncStateSet);
        }
    }

    /** Replicas removed from a group; an empty {@code brokerIds} removes the whole group. */
    record CleanBrokerData(String brokerName, Set<Long> brokerIds) implements Event {
        /** Copies the set. */
        public CleanBrokerData {
            brokerIds = Set.copyOf(brokerIds);
        }
    }
}
