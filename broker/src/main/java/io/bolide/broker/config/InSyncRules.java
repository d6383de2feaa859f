package io.bolide.broker.config;

/**
 * Controller mode's in-sync rules.
 *
 * @param allAck {@code allAckInSyncStateSet}: a SYNC answer waits for every in-sync slave
 * @param minReplicas {@code minInSyncReplicas}: replicas, the master included, that must be in sync
 *     to store a send
 */
public record InSyncRules(boolean allAck, int minReplicas) {}
