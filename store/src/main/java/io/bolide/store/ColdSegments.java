package io.bolide.store;

import io.netty.buffer.ByteBuf;

/**
 * Commit-log segments held outside the local disk (tiered storage, #36): the store reads through it
 * what its own segments no longer hold, and lets a sealed segment leave the local disk only once it
 * is held here. Implementations are thread-safe; reads may block on the network.
 */
public interface ColdSegments {
    /** The first commit-log offset held, or -1 when nothing is. */
    long minOffset();

    /**
     * The commit-log offset just past the last byte held, or -1 when nothing is: where a store
     * whose local commit log is gone resumes writing.
     */
    default long endOffset() {
        return -1;
    }

    /** Whether the whole sealed segment beginning at {@code baseOffset} is held. */
    boolean holds(long baseOffset);

    /**
     * The {@code size} bytes at commit-log offset {@code phys}, as a buffer the caller releases, or
     * null when they are not held (or cannot be read now).
     */
    ByteBuf read(long phys, int size);

    /**
     * Whether the store must refuse new records now that its local segments take {@code
     * localBytes}: the local disk is at its budget and this tier cannot take the sealed segments
     * that would make room (its store unreachable). Called on every put, so it must be cheap.
     */
    default boolean refusesWrites(long localBytes) {
        return false;
    }
}
