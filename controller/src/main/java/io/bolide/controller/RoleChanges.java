package io.bolide.controller;

import java.util.Set;

/**
 * Where a controller tells a replica the outcome of an election (NOTIFY_BROKER_ROLE_CHANGED, 1008):
 * the new master becomes master and the others follow it at once, instead of at their next poll for
 * the group's master (the broker's syncBrokerMetadataPeriod).
 */
interface RoleChanges {
    /** Tells nobody: a controller whose notifyBrokerRoleChanged is off, or a test's. */
    RoleChanges NONE = (brokerAddress, change) -> {};

    /** The term an election started, as 1008 carries it. */
    record Change(
            String brokerName,
            long masterId,
            String masterAddress,
            int masterEpoch,
            Set<Long> syncStateSet,
            int syncStateSetEpoch) {

        public Change {
            syncStateSet = Set.copyOf(syncStateSet);
        }
    }

    /** Sends {@code change} to the broker at {@code brokerAddress}; must not block the caller. */
    void tell(String brokerAddress, Change change);
}
