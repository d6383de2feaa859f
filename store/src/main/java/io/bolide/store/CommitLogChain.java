package io.bolide.store;

/** How the commit log's segment files are laid out, reserved and mapped. */
final class CommitLogChain {
    private CommitLogChain() {}

    /**
     * The commit log's segments. Only a window ahead of the writer is reserved (zero-filled), never
     * the whole segment: a 1 GiB fill at creation left a gigabyte of dirty zeros for the kernel to
     * write back while the store runs. {@code preallocate} fills the first window at creation; the
     * log reserves ahead of the writer either way (see {@link CommitLog#RESERVE_WINDOW}). SYNC
     * forces every few records, so it needs page-sized folios (see {@link StoreFiles#PAGE_GRAIN});
     * ASYNC forces large ranges and saves system calls with bulk writes.
     */
    static SegmentChain open(StoreConfig config) {
        return open(config, MappingBudget.unbounded());
    }

    /**
     * As {@link #open(StoreConfig)}, mapped in windows under {@code budget}; a window reaches a
     * record's length past its end so no record (nor an end-of-file blank) straddles two mappings.
     */
    static SegmentChain open(StoreConfig config, MappingBudget budget) {
        int grain =
                config.flushMode() == FlushMode.SYNC
                        ? StoreFiles.PAGE_GRAIN
                        : StoreFiles.BULK_GRAIN;
        SegmentChain chain =
                new SegmentChain(
                        config.root().resolve("commitlog"),
                        config.segmentSize(),
                        config.preallocate(),
                        CommitLog.RESERVE_WINDOW,
                        grain,
                        new WindowPlan(
                                WindowPlan.DEFAULT_WINDOW,
                                config.maxRecordSize() + StoredRecordFlyweight.BLANK_SIZE,
                                budget));
        chain.coldBelow(config.coldSegments());
        return chain;
    }
}
