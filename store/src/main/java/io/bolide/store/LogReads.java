package io.bolide.store;

import io.netty.buffer.ByteBuf;

/** Reads of single records from the commit log, bounded by what the writer has published. */
final class LogReads {
    private LogReads() {}

    /** A retained slice of the record at {@code phys}, or null if it is not (or no longer) held. */
    static ByteBuf read(CommitLog log, long phys, int size) {
        MappedSegment segment = log.chain().find(phys);
        if (segment == null || size <= 0 || phys + size > log.writtenOffset()) {
            return null;
        }
        int pos = (int) (phys - segment.baseOffset());
        if (pos + size > segment.size()) {
            return null;
        }
        return segment.retainedSlice(pos, size);
    }

    /** Size of the record at {@code phys}, or -1 if none is readable there. */
    static int sizeAt(CommitLog log, long phys) {
        MappedSegment segment = log.chain().find(phys);
        if (segment == null || phys + StoredRecordFlyweight.MIN_SIZE > log.writtenOffset()) {
            return -1;
        }
        int pos = (int) (phys - segment.baseOffset());
        if (pos + StoredRecordFlyweight.MIN_SIZE > segment.size()) {
            return -1;
        }
        return segment.recordSize(pos);
    }
}
