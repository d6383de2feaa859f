package io.bolide.store;

/**
 * Result of {@link MessageStore#put} or {@link MessageStore#putBatch}: for a batch, the offsets are
 * those of its first record.
 */
public final class PutResult {
    private final PutStatus status;
    private final long physicalOffset;
    private final long queueOffset;
    private final long storeTimestamp;
    private final int messageCount;
    private final int wroteBytes;

    PutResult(
            PutStatus status,
            long physicalOffset,
            long queueOffset,
            long storeTimestamp,
            int messageCount,
            int wroteBytes) {
        this.status = status;
        this.physicalOffset = physicalOffset;
        this.queueOffset = queueOffset;
        this.storeTimestamp = storeTimestamp;
        this.messageCount = messageCount;
        this.wroteBytes = wroteBytes;
    }

    static PutResult failed(PutStatus status) {
        return new PutResult(status, -1, -1, -1, 0, 0);
    }

    /** The same append with another status (a SYNC_MASTER wait's outcome, a failed flush). */
    public PutResult withStatus(PutStatus newStatus) {
        return new PutResult(
                newStatus, physicalOffset, queueOffset, storeTimestamp, messageCount, wroteBytes);
    }

    /**
     * The same append with its queue offset shifted by {@code delta} (a static topic's logic
     * offset, #38); a failed one unchanged.
     */
    public PutResult shifted(long delta) {
        if (queueOffset < 0 || delta == 0) {
            return this;
        }
        return new PutResult(
                status,
                physicalOffset,
                queueOffset + delta,
                storeTimestamp,
                messageCount,
                wroteBytes);
    }

    /** Outcome. */
    public PutStatus status() {
        return status;
    }

    /** True when the status is {@link PutStatus#PUT_OK}. */
    public boolean isOk() {
        return status == PutStatus.PUT_OK;
    }

    /** Commit-log offset of the (first) record, or -1. */
    public long physicalOffset() {
        return physicalOffset;
    }

    /** Queue offset of the (first) record, or -1. */
    public long queueOffset() {
        return queueOffset;
    }

    /** Store timestamp (ms) written into the record(s), or -1. */
    public long storeTimestamp() {
        return storeTimestamp;
    }

    /** Number of records appended. */
    public int messageCount() {
        return messageCount;
    }

    /** Bytes appended. */
    public int wroteBytes() {
        return wroteBytes;
    }

    @Override
    public String toString() {
        return "PutResult{" + status + ", phys=" + physicalOffset + ", queue=" + queueOffset + '}';
    }
}
