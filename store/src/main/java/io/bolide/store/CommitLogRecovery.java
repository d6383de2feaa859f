package io.bolide.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.zip.CRC32;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds the end of valid data in the commit log at start-up. After a clean shutdown the checkpoint
 * is trusted (on a replica, only as a place to scan from). After a crash, records are validated
 * from the checkpoint's safe point (magic, size, physical offset, body CRC) and the torn tail is
 * truncated: the rest of its segment is zeroed (so stale records can never line up with new ones)
 * and later segments are deleted. A record counts only when its declared extent is all there: a
 * TOTALSIZE is written after the rest of its record (master and replica alike), the record's length
 * fields must add up to it, and the last byte of its properties (or topic) must not be zero
 * (properties end with a separator, a topic has no NUL), which catches a tail never written.
 */
final class CommitLogRecovery {
    private static final Logger LOG = LoggerFactory.getLogger(CommitLogRecovery.class);
    private static final int PAGE = 4096;

    private CommitLogRecovery() {}

    /** Returns the recovered end offset, with the commit log set up to append there. */
    static long recover(CommitLog log, Checkpoint checkpoint, boolean crashed) throws IOException {
        SegmentChain chain = log.chain();
        if (chain.isEmpty()) {
            long end = afterTier(chain);
            log.recoveredTo(end);
            return end;
        }
        long min = chain.minOffset();
        long max = chain.last().endOffset();
        long safe = checkpoint.present() ? clamp(checkpoint.commitLogSafe(), min, max) : min;
        boolean replica = log.replica();
        if (replica && checkpoint.present()) {
            // A replica's copy restarts at its end, which must be a record boundary: dispatch's
            // safe point always is (an older store's commit-log point could fall inside a record).
            safe = Math.min(safe, clamp(checkpoint.dispatchSafe(), min, max));
        }
        long end = crashed || replica || !checkpoint.present() ? scan(chain, safe) : safe;
        if (crashed) {
            LOG.info("Crash recovery: commit log valid from {} to {}", safe, end);
        }
        truncate(chain, end, crashed || !checkpoint.present());
        log.recoveredTo(end);
        return end;
    }

    /**
     * Where an empty local commit log resumes: after the last segment the tier holds (#36), rounded
     * up to a segment boundary, so new records never take offsets the tier's records have; 0
     * without a tier.
     */
    private static long afterTier(SegmentChain chain) {
        ColdSegments cold = chain.cold();
        long end = cold == null ? -1 : cold.endOffset();
        if (end <= 0) {
            return 0;
        }
        long size = chain.segmentSize();
        long resume = (end + size - 1) / size * size;
        LOG.warn(
                "The local commit log is empty but the tier holds it up to {}: resuming at {}",
                end,
                resume);
        return resume;
    }

    static long clamp(long value, long min, long max) {
        return Math.max(min, Math.min(max, value));
    }

    /** The offset just past the last valid record at or after {@code from}. */
    static long scan(SegmentChain chain, long from) {
        CRC32 crc = new CRC32();
        long pos = from;
        while (true) {
            MappedSegment segment = chain.find(pos);
            if (segment == null) {
                return pos;
            }
            int at = (int) (pos - segment.baseOffset());
            int remaining = segment.size() - at;
            if (remaining < StoredRecordFlyweight.BLANK_SIZE) {
                return pos;
            }
            long next = next(segment, at, remaining, pos, crc);
            if (next < 0) {
                return pos;
            }
            pos = next;
        }
    }

    /** Where the valid record (or end-of-file blank) at {@code at} ends, or -1 if it is not one. */
    private static long next(MappedSegment segment, int at, int remaining, long pos, CRC32 crc) {
        MappedWindow head = segment.pinned(at, StoredRecordFlyweight.BLANK_SIZE);
        int size;
        int magic;
        try {
            size = StoredRecordFlyweight.totalSize(head.buffer(), at - head.start());
            magic = StoredRecordFlyweight.magic(head.buffer(), at - head.start());
        } finally {
            head.unpin();
        }
        if (magic == StoredRecordFlyweight.BLANK_MAGIC && size == remaining) {
            return segment.endOffset();
        }
        if (size <= 0 || size > remaining - StoredRecordFlyweight.BLANK_SIZE) {
            return -1;
        }
        MappedWindow w = segment.pinned(at, size);
        try {
            ByteBuffer b = w.buffer();
            int local = at - w.start();
            boolean valid =
                    StoredRecordFlyweight.physicalOffset(b, local) == pos
                            && StoredRecordFlyweight.isWellFormed(b, local, size, crc);
            return valid ? pos + size : -1;
        } finally {
            w.unpin();
        }
    }

    /** Drops everything at and after {@code end}; zeroes the torn tail after a crash. */
    static void truncate(SegmentChain chain, long end, boolean zero) throws IOException {
        MappedSegment segment = chain.find(end);
        if (segment == null) {
            chain.deleteFrom(end);
            return;
        }
        if (end == segment.baseOffset() && segment != chain.first()) {
            chain.deleteFrom(end);
            return;
        }
        chain.deleteFrom(segment.endOffset());
        if (zero) {
            zeroTail(segment, (int) (end - segment.baseOffset()));
        }
    }

    private static void zeroTail(MappedSegment segment, int from) {
        int dirtyFrom = -1;
        for (int page = from; page < segment.size(); page = (page / PAGE + 1) * PAGE) {
            int pageEnd = Math.min(segment.size(), (page / PAGE + 1) * PAGE);
            MappedWindow w = segment.pinned(page, pageEnd - page);
            try {
                ByteBuffer b = w.buffer();
                int lo = page - w.start();
                int hi = pageEnd - w.start();
                if (!isZero(b, lo, hi)) {
                    dirtyFrom = dirtyFrom < 0 ? page : dirtyFrom;
                    for (int i = lo; i < hi; i++) {
                        b.put(i, (byte) 0);
                    }
                }
            } finally {
                w.unpin();
            }
        }
        if (dirtyFrom >= 0) {
            segment.markFlushed(from);
            segment.flush(segment.size());
        }
    }

    private static boolean isZero(ByteBuffer b, int from, int to) {
        int i = from;
        for (; i + 8 <= to; i += 8) {
            if (b.getLong(i) != 0) {
                return false;
            }
        }
        for (; i < to; i++) {
            if (b.get(i) != 0) {
                return false;
            }
        }
        return true;
    }
}
