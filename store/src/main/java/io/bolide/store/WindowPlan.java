package io.bolide.store;

/**
 * How a chain's files are mapped: in windows of {@code size} bytes, each extended by {@code
 * overlap} bytes so that an access of at most that length starting in a window lies wholly inside
 * it (a record never straddles two mappings), under one store-wide {@link MappingBudget}. With
 * {@code closesFiles} a file is opened only while it is being mapped, reserved or forced (consume
 * queues: one per lite topic, issue #34, so tens of thousands of them would otherwise hold as many
 * descriptors open and meet the process's limit, 20000 on some hosts); the commit log and the index
 * keep theirs open.
 */
record WindowPlan(int size, int overlap, MappingBudget budget, boolean closesFiles) {
    /** The commit log's and index's window: small enough to unmap cold data in fine steps. */
    static final int DEFAULT_WINDOW = 16 << 20;

    /** Each file mapped whole and never unmapped before it is closed (single-part tests). */
    static WindowPlan whole() {
        return new WindowPlan(Integer.MAX_VALUE, 0, MappingBudget.unbounded());
    }

    WindowPlan(int size, int overlap, MappingBudget budget) {
        this(size, overlap, budget, false);
    }

    WindowPlan {
        if (size <= 0 || overlap < 0) {
            throw new IllegalArgumentException("window " + size + " overlap " + overlap);
        }
    }
}
