package io.bolide.broker.ha;

import io.bolide.store.EpochFile;

/**
 * Controller mode's replication settings: the broker's epoch file (its terms), the id it handshakes
 * with as a slave, and whether a SYNC answer waits for every slave in the in-sync set ({@code
 * allAckInSyncStateSet}) rather than one, and how many replicas (the master included) must be in
 * sync to accept a write ({@code minInSyncReplicas}).
 */
public record EpochMode(EpochFile epochs, long brokerId, boolean allAck, int minInSyncReplicas) {}
