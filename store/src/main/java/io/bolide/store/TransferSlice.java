package io.bolide.store;

import io.netty.buffer.ByteBuf;

/** What a master ships to a slave: slices of its commit log. */
final class TransferSlice {
    private TransferSlice() {}

    /**
     * A retained slice of the written log from {@code offset}: at most {@code max} bytes and never
     * past the end of the segment holding it (so the receiver can append it as one piece), or null
     * when nothing is written there yet or it is no longer held (locally or in the tier). Written,
     * not flushed, bytes are shipped, as the reference's master does: the slave's copy is what
     * makes them safe. A replica ships only its whole records (the record it holds part of still
     * lacks its TOTALSIZE).
     */
    static ByteBuf of(CommitLog log, long offset, int max) {
        long end = log.recordsEnd();
        if (offset >= end || max <= 0) {
            return null;
        }
        MappedSegment segment = log.chain().find(offset);
        if (segment == null) {
            return cold(log, offset, max, end);
        }
        long until = Math.min(end, segment.endOffset());
        int pos = (int) (offset - segment.baseOffset());
        // One mapped window at most: a slice never spans two windows of the mapping budget.
        int length = (int) Math.min(Math.min(max, until - offset), segment.windowRemaining(pos));
        return segment.retainedSlice(pos, length);
    }

    /** The most bytes one slice from the tier holds: one of its ranged reads' blocks. */
    static final int COLD_MAX = 1 << 20;

    /**
     * Bytes no local segment holds any more, from the tier (#36): a slave catching up from a
     * segment its master has offloaded and evicted. At most {@link #COLD_MAX} bytes, never past
     * that segment's end (segments begin at multiples of the segment size); null when the tier does
     * not hold them or cannot be read now (the link tries again on its next pump).
     */
    private static ByteBuf cold(CommitLog log, long offset, int max, long end) {
        long size = log.chain().segmentSize();
        long until = Math.min(end, (offset / size + 1) * size);
        int length = (int) Math.min(Math.min(max, COLD_MAX), until - offset);
        return LogReads.cold(log, offset, length);
    }
}
