package io.bolide.store;

import io.netty.buffer.ByteBuf;
import java.io.UncheckedIOException;

/** Reads of single records from the commit log, bounded by what the writer has published. */
final class LogReads {
    private LogReads() {}

    /** A retained slice of the record at {@code phys}, or null if it is not (or no longer) held. */
    static ByteBuf read(CommitLog log, long phys, int size) {
        if (size <= 0 || phys + size > log.writtenOffset()) {
            return null;
        }
        MappedSegment segment = log.chain().find(phys);
        if (segment == null) {
            return cold(log, phys, size);
        }
        int pos = (int) (phys - segment.baseOffset());
        if (pos + size > segment.size()) {
            return null;
        }
        return segment.retainedSlice(pos, size);
    }

    /** Size of the record at {@code phys}, or -1 if none is readable there. */
    static int sizeAt(CommitLog log, long phys) {
        if (phys + StoredRecordFlyweight.MIN_SIZE > log.writtenOffset()) {
            return -1;
        }
        MappedSegment segment = log.chain().find(phys);
        if (segment == null) {
            ByteBuf head = cold(log, phys, Integer.BYTES);
            if (head == null) {
                return -1;
            }
            try {
                return head.getInt(head.readerIndex());
            } finally {
                head.release();
            }
        }
        int pos = (int) (phys - segment.baseOffset());
        if (pos + StoredRecordFlyweight.MIN_SIZE > segment.size()) {
            return -1;
        }
        return segment.recordSize(pos);
    }

    /**
     * The {@code size} bytes at {@code phys} from the tier (#36) when no local segment holds them:
     * below the first local segment only. A buffer the caller releases, or null, also when the tier
     * cannot be read now.
     */
    static ByteBuf cold(CommitLog log, long phys, int size) {
        try {
            return coldOrThrow(log, phys, size);
        } catch (UncheckedIOException e) {
            return null;
        }
    }

    /**
     * As {@link #cold}, throwing {@link UncheckedIOException} when the tier holds the bytes but
     * cannot be read now (a pull then stops there instead of skipping the record).
     */
    static ByteBuf coldOrThrow(CommitLog log, long phys, int size) {
        ColdSegments cold = log.chain().cold();
        if (cold == null
                || size <= 0
                || !log.chain().isEmpty() && phys >= log.chain().minOffset()) {
            return null;
        }
        return cold.read(phys, size);
    }
}
