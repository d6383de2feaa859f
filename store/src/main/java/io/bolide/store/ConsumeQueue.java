package io.bolide.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;

/**
 * One topic/queue's index into the commit log: 20-byte entries (commit-log offset, size, tags code)
 * in mapped files named by byte offset (docs/protocol/message-format.md §7). Only the dispatch
 * agent appends; readers see entries below the published {@link #maxOffset()}.
 *
 * <pre>
 *  0 commitLogOffset:int64 | 8 size:int32 | 12 tagsCode:int64
 * </pre>
 */
final class ConsumeQueue {
    static final int ENTRY_SIZE = 20;
    static final int SIZE_OFFSET = 8;
    static final int TAGS_OFFSET = 12;

    /**
     * Space is written (zeros, through the file channel) just ahead of the entries: one page when a
     * file is created, then steps that double up to {@link #MAX_RESERVATION} (see {@link
     * #reserveFor}). Entries go through the mapping, and the first write to a page of a sparse file
     * is a page fault that reads ahead (allocating and zeroing page cache well beyond the page):
     * with sends spread over thousands of new queues those faults were most of the broker's kernel
     * time (issue #18's topics curve). A page written by the channel first is already cached, so
     * the entry's write faults without reading ahead. The whole file is not zero-filled at creation
     * even with preallocation on: 5.7 MiB per queue by default, most never used.
     */
    static final int FIRST_RESERVATION = StoreFiles.PAGE_GRAIN;

    static final int MAX_RESERVATION = 64 * 1024;

    private final String topic;
    private final int queueId;
    private final SegmentChain files;
    private volatile long minOffset;
    private volatile long maxOffset;
    private long flushedBytes;

    ConsumeQueue(String topic, int queueId, Path dir, int fileSize, boolean zeroFill) {
        this(topic, queueId, dir, fileSize, zeroFill, WindowPlan.whole());
    }

    /** A queue whose files are mapped as {@code plan} says (whole, as they are small). */
    ConsumeQueue(
            String topic, int queueId, Path dir, int fileSize, boolean zeroFill, WindowPlan plan) {
        this.topic = topic;
        this.queueId = queueId;
        this.files =
                new SegmentChain(
                        dir,
                        fileSize,
                        zeroFill,
                        FIRST_RESERVATION,
                        StoreFiles.PAGE_GRAIN,
                        new WindowPlan(Math.max(fileSize, plan.size()), 0, plan.budget(), true));
    }

    String topic() {
        return topic;
    }

    int queueId() {
        return queueId;
    }

    long minOffset() {
        return minOffset;
    }

    long maxOffset() {
        return maxOffset;
    }

    SegmentChain files() {
        return files;
    }

    /**
     * Maps the files and finds the tail: the last entry that is non-empty, below {@code physLimit}
     * and confirmed by the record it points at. Entries beyond it (torn, or not vouched for by the
     * checkpoint) are zeroed; dispatch rebuilds them from the commit log.
     */
    void load(CommitLog log, long physLimit) throws IOException {
        load(log, physLimit, -1);
    }

    /**
     * As {@link #load(CommitLog, long)}, starting from {@code recordedMax} (the queue's max offset
     * at a clean stop, or -1) when the entries there agree with it: the last one written, the next
     * one empty. Otherwise the last file is searched from its end.
     */
    void load(CommitLog log, long physLimit, long recordedMax) throws IOException {
        files.load();
        MappedSegment last = files.last();
        if (last == null) {
            return;
        }
        long offset = agrees(last, recordedMax) ? recordedMax - 1 : lastNonEmpty(last);
        while (offset >= files.minOffset() / ENTRY_SIZE && !confirmed(offset, log, physLimit)) {
            writeEntry(offset, 0, 0, 0);
            offset--;
        }
        maxOffset = Math.max(offset + 1, files.minOffset() / ENTRY_SIZE);
        flushedBytes = maxOffset * ENTRY_SIZE;
        // The file's tail past the entries may be sparse: reserve again from the last entry on.
        long tail = maxOffset * ENTRY_SIZE - last.baseOffset();
        last.resetReservation(pageCeiling((int) Math.max(0, Math.min(tail, last.size()))));
        for (MappedSegment file : files.all()) {
            file.markFlushed(file.size());
        }
        correctMinOffset(log.minOffset());
    }

    private boolean agrees(MappedSegment last, long recordedMax) {
        long firstHeld = files.minOffset() / ENTRY_SIZE;
        long end = (last.baseOffset() + last.size()) / ENTRY_SIZE;
        if (recordedMax <= firstHeld || recordedMax > end) {
            return false;
        }
        boolean nextEmpty = recordedMax == end || isEmpty(recordedMax);
        return nextEmpty && !isEmpty(recordedMax - 1);
    }

    private boolean isEmpty(long offset) {
        return phys(offset) == 0 && size(offset) == 0;
    }

    private long lastNonEmpty(MappedSegment last) {
        MappedWindow w = last.pinned(0, last.size());
        try {
            ByteBuffer b = w.buffer();
            for (int pos = last.size() - ENTRY_SIZE; pos >= 0; pos -= ENTRY_SIZE) {
                if (b.getLong(pos) != 0 || b.getInt(pos + SIZE_OFFSET) != 0) {
                    return (last.baseOffset() + pos) / ENTRY_SIZE;
                }
            }
            return last.baseOffset() / ENTRY_SIZE - 1;
        } finally {
            w.unpin();
        }
    }

    private boolean confirmed(long offset, CommitLog log, long physLimit) {
        long phys = phys(offset);
        int size = size(offset);
        if (size <= 0 || phys < 0 || phys + size > physLimit) {
            return false;
        }
        MappedSegment segment = log.chain().find(phys);
        if (segment == null) {
            return phys < log.chain().localStart(log.writtenOffset());
        }
        int pos = (int) (phys - segment.baseOffset());
        if (pos + size > segment.size()) {
            return false;
        }
        MappedWindow w = segment.pinned(pos, size);
        try {
            ByteBuffer b = w.buffer();
            int at = pos - w.start();
            return StoredRecordFlyweight.totalSize(b, at) == size
                    && StoredRecordFlyweight.queueOffset(b, at) == offset
                    && StoredRecordFlyweight.queueId(b, at) == queueId;
        } finally {
            w.unpin();
        }
    }

    /** Drops the entries of records at or past commit-log offset {@code physLimit}. */
    void truncate(long physLimit) {
        long max = maxOffset;
        long offset = max - 1;
        while (offset >= minOffset && phys(offset) + size(offset) > physLimit) {
            offset--;
        }
        long kept = offset + 1;
        if (kept == max) {
            return;
        }
        maxOffset = kept;
        for (long at = kept; at < max; at++) {
            clear(at);
        }
        files.flush(kept * ENTRY_SIZE, max * ENTRY_SIZE);
        flushedBytes = Math.min(flushedBytes, kept * ENTRY_SIZE);
    }

    private void clear(long offset) {
        long bytes = offset * ENTRY_SIZE;
        MappedSegment file = files.find(bytes);
        if (file != null) {
            int pos = (int) (bytes - file.baseOffset());
            file.putLong(pos, 0); // an entry: phys (8), size (4), tags code (8)
            file.putInt(pos + 8, 0);
            file.putLong(pos + 12, 0);
            file.markFlushed(Math.min(file.flushedPosition(), pos));
        }
    }

    /** Moves the minimum past entries whose records retention has deleted. */
    void correctMinOffset(long commitLogMin) {
        long offset = Math.max(minOffset, files.minOffset() / ENTRY_SIZE);
        long max = maxOffset;
        while (offset < max && (size(offset) <= 0 || phys(offset) < commitLogMin)) {
            offset++;
        }
        minOffset = offset;
    }

    /**
     * Appends the entry for {@code queueOffset}; entries already present are skipped (dispatch
     * re-reads records after a crash) and a gap is filled with empty entries.
     */
    void append(long queueOffset, long phys, int size, long tagsCode) throws IOException {
        long max = maxOffset;
        if (queueOffset < max) {
            return;
        }
        if (files.isEmpty()) {
            long bytes = queueOffset * ENTRY_SIZE;
            files.create(bytes - bytes % files.segmentSize());
            minOffset = queueOffset;
            max = queueOffset;
        }
        for (; max < queueOffset; max++) {
            writeEntry(max, 0, 0, 0);
        }
        writeEntry(queueOffset, phys, size, tagsCode);
        maxOffset = queueOffset + 1;
    }

    private void writeEntry(long offset, long phys, int size, long tagsCode) throws IOException {
        long bytes = offset * ENTRY_SIZE;
        MappedSegment file = files.find(bytes);
        if (file == null) {
            file = files.create(bytes - bytes % files.segmentSize());
        }
        int pos = (int) (bytes - file.baseOffset());
        if (pos + ENTRY_SIZE > file.reservedPosition()) {
            reserveFor(file, pos);
        }
        MappedWindow w = file.pinned(pos, ENTRY_SIZE);
        try {
            ByteBuffer b = w.buffer();
            int at = pos - w.start();
            b.putLong(at, phys);
            b.putInt(at + SIZE_OFFSET, size);
            b.putLong(at + TAGS_OFFSET, tagsCode);
        } finally {
            w.unpin();
        }
    }

    /**
     * Writes zeros through the entry at {@code pos} and a step beyond, the step doubling from a
     * page to {@link #MAX_RESERVATION}: a busy queue costs one write per 3,276 entries, and running
     * out of disk is an IOException here rather than a fault on the mapped write.
     */
    private static void reserveFor(MappedSegment file, int pos) throws IOException {
        int reserved = file.reservedPosition();
        int step = Math.min(MAX_RESERVATION, Math.max(FIRST_RESERVATION, reserved));
        file.reserve(pageCeiling(Math.max(pos + ENTRY_SIZE, reserved + step)));
    }

    private static int pageCeiling(int bytes) {
        int page = StoreFiles.PAGE_GRAIN;
        return (int) Math.min(Integer.MAX_VALUE, ((long) bytes + page - 1) / page * page);
    }

    long phys(long offset) {
        long bytes = offset * ENTRY_SIZE;
        MappedSegment file = files.find(bytes);
        return file == null ? -1 : file.getLong((int) (bytes - file.baseOffset()), -1);
    }

    int size(long offset) {
        long bytes = offset * ENTRY_SIZE + SIZE_OFFSET;
        MappedSegment file = files.find(bytes);
        return file == null ? -1 : file.getInt((int) (bytes - file.baseOffset()), -1);
    }

    long tagsCode(long offset) {
        long bytes = offset * ENTRY_SIZE + TAGS_OFFSET;
        MappedSegment file = files.find(bytes);
        return file == null ? 0 : file.getLong((int) (bytes - file.baseOffset()), 0);
    }

    /** Forces the entries appended so far (checkpoint thread). */
    void flush() {
        long to = maxOffset * ENTRY_SIZE;
        if (to > flushedBytes) {
            files.flush(flushedBytes, to);
            flushedBytes = to;
        }
    }

    /** Deletes whole files whose entries all point below {@code commitLogMin}; never the last. */
    int deleteBelow(long commitLogMin) throws IOException {
        int deleted = 0;
        MappedSegment[] all = files.all();
        for (int i = 0; i < all.length - 1; i++) {
            long lastEntry = all[i].endOffset() / ENTRY_SIZE - 1;
            if (phys(lastEntry) + size(lastEntry) > commitLogMin) {
                break;
            }
            files.deleteFirst();
            deleted++;
        }
        correctMinOffset(commitLogMin);
        return deleted;
    }

    void close() throws IOException {
        files.close();
    }

    void delete() throws IOException {
        files.deleteAll();
    }
}
