package io.bolide.broker.transaction;

import io.bolide.broker.table.ConsumerOffsetTable;

/**
 * The transaction engine's progress marks, kept as offsets of the reference's system group in the
 * consumer offset table, so they are persisted with the other offsets.
 */
final class TransactionOffsets implements TransactionProgress {
    private final ConsumerOffsetTable offsets;

    TransactionOffsets(ConsumerOffsetTable offsets) {
        this.offsets = offsets;
    }

    @Override
    public long load(String topic) {
        return offsets.query(GROUP, topic, 0);
    }

    @Override
    public void save(String topic, long offset) {
        offsets.commit(GROUP, topic, 0, offset);
    }
}
