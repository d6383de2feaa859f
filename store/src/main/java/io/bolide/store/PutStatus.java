package io.bolide.store;

/** Outcome of an append. */
public enum PutStatus {
    /** Appended (and flushed, under {@link FlushMode#SYNC}). */
    PUT_OK,
    /** The record is larger than the store accepts, or its size field is inconsistent. */
    MESSAGE_ILLEGAL,
    /**
     * The store stopped accepting writes after an I/O error; see {@link MessageStore#failure()}.
     */
    STORE_READ_ONLY,
    /** A new commit-log segment could not be created (for example, the disk is full). */
    CREATE_SEGMENT_FAILED,
    /** The append landed in memory but forcing it to disk failed; the record is not durable. */
    FLUSH_FAILED,
    /** The store is closed, or it is a replica, which refuses local puts. */
    SERVICE_NOT_AVAILABLE,
    /**
     * Not stored: tiered storage's local budget is full and the object store cannot take the sealed
     * segments now (see {@link ColdSegments#refusesWrites}).
     */
    LOCAL_BUDGET_FULL,
    /**
     * Stored locally, but no slave acknowledged it within the wait (SYNC_MASTER; set by the
     * broker's replication, never by the store).
     */
    FLUSH_SLAVE_TIMEOUT,
    /** Stored locally, but no slave is connected or in sync to wait for (SYNC_MASTER). */
    SLAVE_NOT_AVAILABLE,
    /** Not stored: fewer replicas are in sync than the write gate requires (minInSyncReplicas). */
    IN_SYNC_REPLICAS_NOT_ENOUGH
}
