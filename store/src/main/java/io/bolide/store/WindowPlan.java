package io.bolide.store;

/**
 * How a chain's files are mapped: in windows of {@code size} bytes, each extended by {@code
 * overlap} bytes so that an access of at most that length starting in a window lies wholly inside
 * it (a record never straddles two mappings), under one store-wide {@link MappingBudget}.
 */
record WindowPlan(int size, int overlap, MappingBudget budget) {
    /** The commit log's and index's window: small enough to unmap cold data in fine steps. */
    static final int DEFAULT_WINDOW = 16 << 20;

    /** Each file mapped whole and never unmapped before it is closed (single-part tests). */
    static WindowPlan whole() {
        return new WindowPlan(Integer.MAX_VALUE, 0, MappingBudget.unbounded());
    }

    WindowPlan {
        if (size <= 0 || overlap < 0) {
            throw new IllegalArgumentException("window " + size + " overlap " + overlap);
        }
    }
}
