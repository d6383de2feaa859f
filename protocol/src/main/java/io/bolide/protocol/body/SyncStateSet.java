package io.bolide.protocol.body;

import java.util.Set;

/**
 * A broker group's in-sync replicas (broker ids) and the epoch of that set, as the controller keeps
 * it: the body of CONTROLLER_ALTER_SYNC_STATE_SET (1001) requests and of the controller's
 * replica-info and registration answers.
 */
public record SyncStateSet(Set<Long> syncStateSet, int syncStateSetEpoch) {

    /** Copies the set, null becoming empty. */
    public SyncStateSet {
        syncStateSet = Frozen.set(syncStateSet);
    }
}
