package io.bolide.broker.ha;

import io.bolide.store.EpochFile;

/**
 * Controller mode's replication settings: the broker's epoch file (its terms), the id it handshakes
 * with as a slave, and whether a SYNC answer waits for every slave in the in-sync set ({@code
 * allAckInSyncStateSet}) rather than one, and how many replicas (the master included) must be in
 * sync to accept a write ({@code minInSyncReplicas}); with {@code inSync} (a controller sets the
 * role) the in-sync slaves are the SyncStateSet's members, else the linked slaves that keep up.
 */
public record EpochMode(
        EpochFile epochs, long brokerId, boolean allAck, int minInSyncReplicas, InSyncSet inSync) {

    /** Without a controller's SyncStateSet: the linked slaves that keep up count as in sync. */
    public EpochMode(EpochFile epochs, long brokerId, boolean allAck, int minInSyncReplicas) {
        this(epochs, brokerId, allAck, minInSyncReplicas, null);
    }
}
