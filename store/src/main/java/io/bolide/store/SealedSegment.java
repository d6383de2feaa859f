package io.bolide.store;

import java.nio.file.Path;

/**
 * A commit-log segment that is full, forced to disk and no longer written: what tiered storage
 * (#36) may copy elsewhere as it is.
 *
 * @param baseOffset commit-log offset of its first byte
 * @param file the segment's file
 * @param length its length in bytes (the segment size)
 */
public record SealedSegment(long baseOffset, Path file, int length) {
    /** Commit-log offset one past its last byte. */
    public long endOffset() {
        return baseOffset + length;
    }
}
