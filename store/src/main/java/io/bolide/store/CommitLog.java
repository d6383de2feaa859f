package io.bolide.store;

import io.netty.buffer.ByteBuf;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The append-only log of stored records across mapped segments. Appends run under one lock that
 * only assigns offsets and copies bytes; flushing, dispatch and reads happen elsewhere and follow
 * the published {@link #writtenOffset()} and {@link #flushedOffset()}.
 */
final class CommitLog {
    private final SegmentChain chain;
    private final StoreFailure failure;
    private final Clock clock;
    private final int maxRecordSize;
    private final boolean syncFlush;
    private volatile boolean replica;
    private final int reserveWindow;
    private final ReentrantLock lock = new ReentrantLock();
    private final QueueOffsetTable offsets = new QueueOffsetTable();
    private final WholeRecordCopy wholeRecords = new WholeRecordCopy();
    private volatile long writtenOffset;

    /** A replica's end of whole records (see {@link WholeRecordCopy}); unused on a master. */
    private volatile long recordsEnd;

    private volatile long flushedOffset;

    CommitLog(SegmentChain chain, StoreConfig config, StoreFailure failure) {
        this.chain = chain;
        this.failure = failure;
        this.clock = config.clock();
        this.maxRecordSize = config.maxRecordSize();
        this.syncFlush = config.flushMode() == FlushMode.SYNC;
        this.replica = config.replica();
        this.reserveWindow = RESERVE_WINDOW;
    }

    /**
     * How far ahead of the writer disk space is reserved (zero-filled through the file system),
     * whether or not new segments are preallocated: a write into a sparse mapped page that the file
     * system cannot back faults (SIGBUS, surfacing later as an InternalError) and leaves a
     * half-written record the log already counts; a reservation fails as an IOException first.
     */
    static final int RESERVE_WINDOW = 16 << 20;

    /** The most {@link #reserveAhead} zero-fills per call while the window is half full. */
    static final int RESERVE_STEP = 256 << 10;

    SegmentChain chain() {
        return chain;
    }

    /** Sets the end of valid data after recovery; everything before it is durable. */
    void recoveredTo(long end) {
        writtenOffset = end;
        flushedOffset = end;
        wholeRecords.restart(end);
        recordsEnd = end;
        MappedSegment last = chain.last();
        if (last != null) {
            int pos = (int) Math.min(last.size(), Math.max(0, end - last.baseOffset()));
            last.wrotePosition(pos);
            last.markFlushed(pos);
            last.resetReservation(pos);
        }
    }

    /** Cuts the log to {@code offset}: later segments deleted, the cut bytes zeroed and forced. */
    void truncateTo(long offset) throws IOException {
        lock.lock();
        try {
            // What stays is forced first: recoveredTo declares everything below the cut durable.
            chain.flush(flushedOffset, offset);
            chain.deleteFrom(offset);
            MappedSegment last = chain.last();
            if (last != null && offset < last.endOffset()) {
                int from = (int) (offset - last.baseOffset());
                // Up to the write position: past it the file holds what it held before the cut
                // (zeros, or a torn tail recovery already stepped over), as after any append.
                // Zeroing up to the size dirtied a whole segment (1 GiB by default) and stalled a
                // returning master's HA link for seconds while it cut its unacknowledged tail.
                last.zero(from, Math.max(from, Math.min(last.size(), last.wrotePosition())));
            }
            recoveredTo(offset);
        } finally {
            lock.unlock();
        }
    }

    /** Appends one record; the caller completes durability according to the flush mode. */
    PutResult append(RecordWriter writer) {
        int size = writer.size();
        if (size < StoredRecordFlyweight.MIN_SIZE || size > maxRecordSize) {
            return PutResult.failed(PutStatus.MESSAGE_ILLEGAL);
        }
        if (!validQueue(writer.queueId())) {
            return PutResult.failed(PutStatus.MESSAGE_ILLEGAL);
        }
        lock.lock();
        try {
            MappedSegment segment = segmentWithRoom(size);
            if (segment == null) {
                return PutResult.failed(PutStatus.CREATE_SEGMENT_FAILED);
            }
            long timestamp = clock.millis();
            long queueOffset = writeLocked(segment, writer, size, timestamp);
            if (queueOffset < 0) {
                return PutResult.failed(PutStatus.MESSAGE_ILLEGAL);
            }
            long phys = writtenOffset;
            writtenOffset = phys + size;
            return new PutResult(PutStatus.PUT_OK, phys, queueOffset, timestamp, 1, size);
        } finally {
            lock.unlock();
        }
    }

    /** Appends records contiguously in one segment: all of them or none. */
    PutResult appendBatch(List<? extends RecordWriter> writers) {
        int total = 0;
        for (RecordWriter writer : writers) {
            int size = writer.size();
            if (size < StoredRecordFlyweight.MIN_SIZE || !validQueue(writer.queueId())) {
                return PutResult.failed(PutStatus.MESSAGE_ILLEGAL);
            }
            total += size;
            if (total > maxRecordSize) {
                return PutResult.failed(PutStatus.MESSAGE_ILLEGAL);
            }
        }
        if (writers.isEmpty()) {
            return PutResult.failed(PutStatus.MESSAGE_ILLEGAL);
        }
        lock.lock();
        try {
            return appendBatchLocked(writers, total);
        } finally {
            lock.unlock();
        }
    }

    private PutResult appendBatchLocked(List<? extends RecordWriter> writers, int total) {
        MappedSegment segment = segmentWithRoom(total);
        if (segment == null) {
            return PutResult.failed(PutStatus.CREATE_SEGMENT_FAILED);
        }
        int startPos = segment.wrotePosition();
        long first = writtenOffset;
        long timestamp = clock.millis();
        long[] queueOffsets = new long[writers.size()];
        for (int i = 0; i < queueOffsets.length; i++) {
            RecordWriter writer = writers.get(i);
            queueOffsets[i] = writeLocked(segment, writer, writer.size(), timestamp);
            if (queueOffsets[i] < 0) {
                unwind(writers, queueOffsets, i, segment, startPos);
                return PutResult.failed(PutStatus.MESSAGE_ILLEGAL);
            }
        }
        writtenOffset = first + total;
        return new PutResult(
                PutStatus.PUT_OK, first, queueOffsets[0], timestamp, writers.size(), total);
    }

    /** Takes back the first {@code count} records of a batch whose next record failed. */
    private void unwind(
            List<? extends RecordWriter> writers,
            long[] queueOffsets,
            int count,
            MappedSegment segment,
            int startPos) {
        for (int i = count - 1; i >= 0; i--) {
            offsets.set(writers.get(i).topic(), writers.get(i).queueId(), queueOffsets[i]);
        }
        // The taken-back records stay in the mapping: without a TOTALSIZE at their start, crash
        // recovery can never mistake them for records.
        segment.putInt(startPos, 0);
        segment.wrotePosition(startPos);
    }

    /** Writes one record at the segment's write position; returns its queue offset or -1. */
    private long writeLocked(MappedSegment segment, RecordWriter writer, int size, long ts) {
        int pos = segment.wrotePosition();
        long phys = segment.baseOffset() + pos;
        String topic = writer.topic();
        int queueId = writer.queueId();
        long queueOffset = offsets.peek(topic, queueId);
        MappedWindow w;
        try {
            w = segment.pinned(pos, size);
        } catch (UncheckedIOException e) {
            failure.fail("mapping the commit log", e);
            return -1;
        }
        try {
            writer.write(w.buffer(), pos - w.start(), phys, queueOffset, ts);
        } catch (RuntimeException e) {
            return -1;
        } catch (InternalError e) {
            // A fault while touching mapped memory (the file could not back the page).
            failure.fail("writing the commit log", e);
            return -1;
        } finally {
            w.unpin();
        }
        offsets.set(topic, queueId, queueOffset + 1);
        segment.wrotePosition(pos + size);
        return queueOffset;
    }

    /** The active segment if {@code size} fits before its end-of-file blank, else a new one. */
    private MappedSegment segmentWithRoom(int size) {
        if (failure.failed()) {
            return null;
        }
        MappedSegment segment = chain.last();
        if (segment != null
                && segment.wrotePosition() + size + StoredRecordFlyweight.BLANK_SIZE
                        <= segment.size()) {
            return reserved(segment, size);
        }
        long base = writtenOffset;
        if (segment != null) {
            int pos = segment.wrotePosition();
            if (pos < segment.size() && !writeBlank(segment, pos)) {
                return null;
            }
            segment.wrotePosition(segment.size());
            base = segment.endOffset();
            writtenOffset = base;
        }
        try {
            return reserved(chain.create(base), size);
        } catch (IOException | UncheckedIOException e) {
            failure.fail("creating commit-log segment " + StoreFiles.name(base), e);
            return null;
        }
    }

    /** Writes the end-of-file blank at {@code pos}; false (and the store read-only) if it fails. */
    private boolean writeBlank(MappedSegment segment, int pos) {
        try {
            MappedWindow w = segment.pinned(pos, StoredRecordFlyweight.BLANK_SIZE);
            try {
                StoredRecordFlyweight.writeBlank(w.buffer(), pos - w.start(), segment.size() - pos);
            } finally {
                w.unpin();
            }
            return true;
        } catch (UncheckedIOException | InternalError e) {
            failure.fail("writing the end of commit-log segment " + segment.path(), e);
            return false;
        }
    }

    /** The segment, once the space for {@code size} more bytes is reserved; null if no space. */
    private MappedSegment reserved(MappedSegment segment, int size) {
        int end = segment.wrotePosition() + size + StoredRecordFlyweight.BLANK_SIZE;
        if (end <= segment.reservedPosition()) {
            return segment;
        }
        try {
            segment.reserve(end + reserveWindow);
            return segment;
        } catch (IOException e) {
            failure.fail("reserving space in commit-log segment " + segment.path(), e);
            return null;
        }
    }

    /**
     * Keeps the reservation a window ahead of the writer (flush agent, outside the lock). While at
     * least half the window is left it tops up in whole {@link #RESERVE_STEP}s only, so the
     * page-sized zero writes of a SYNC log are spread between flushes (64 writes at a time) instead
     * of stalling one flush for a half window (2,048 writes), and a flush never pays a system call
     * for the few bytes the last put used.
     */
    void reserveAhead() {
        MappedSegment segment = chain.last();
        if (segment == null || failure.failed()) {
            return;
        }
        int wrote = segment.wrotePosition();
        int reserved = segment.reservedPosition();
        int ahead = reserved - wrote;
        if (ahead > reserveWindow - RESERVE_STEP || reserved >= segment.size()) {
            return;
        }
        int target = ahead < reserveWindow / 2 ? wrote + reserveWindow : reserved + RESERVE_STEP;
        try {
            segment.reserve(target);
        } catch (IOException e) {
            failure.fail("reserving space in commit-log segment " + segment.path(), e);
        }
    }

    private static boolean validQueue(int queueId) {
        return queueId >= 0 && queueId < QueueOffsetTable.MAX_QUEUE_ID;
    }

    /** Forces everything written so far; false (and the store read-only) if the device failed. */
    boolean flush() {
        // A replica forces whole records only, so the checkpoint never vouches for a record whose
        // TOTALSIZE is still held back, and a held-back field is never written to a forced range.
        long to = recordsEnd();
        long from = flushedOffset;
        if (to <= from) {
            return !failure.failed();
        }
        try {
            chain.flush(from, to);
            flushedOffset = to;
            return true;
        } catch (UncheckedIOException | InternalError e) {
            failure.fail("flushing the commit log", e);
            return false;
        }
    }

    long writtenOffset() {
        return writtenOffset;
    }

    long flushedOffset() {
        return flushedOffset;
    }

    boolean replica() {
        return replica;
    }

    /** Makes the log a replica's or a master's; a replica must be cut to its records' end first. */
    void replica(boolean on) {
        lock.lock();
        try {
            if (on && !replica) {
                wholeRecords.restart(writtenOffset);
                recordsEnd = writtenOffset;
            }
            replica = on;
        } finally {
            lock.unlock();
        }
    }

    /**
     * The end of the records a reader (and crash recovery) may see: the written end, except on a
     * replica holding part of a record, whose TOTALSIZE is held back until its last byte is in.
     */
    long recordsEnd() {
        return replica ? recordsEnd : writtenOffset;
    }

    /**
     * How far dispatch may read: only durable records under SYNC, so nothing served is lost; a
     * replica follows its whole records whatever the flush mode (its master holds what a crash here
     * could take back).
     */
    long dispatchLimit() {
        return replica ? recordsEnd : syncFlush ? flushedOffset : writtenOffset;
    }

    /**
     * Appends bytes replicated from a master at exactly {@code offset}, which must be the current
     * end (or, for an empty log, the start of a segment); the bytes must stay inside one segment.
     * They are copied into the mapped segment as they are, records, blank fill and all, except that
     * a record's TOTALSIZE is written only once the record is whole ({@link WholeRecordCopy}).
     *
     * @return the new end offset
     * @throws IOException when the bytes would leave a gap, overlap, or cross a segment boundary,
     *     declare a record that cannot fit its segment, or the store is read-only; nothing is
     *     written then
     */
    long appendReplicated(long offset, ByteBuf bytes) throws IOException {
        return appendReplicated(offset, bytes, Long.MAX_VALUE);
    }

    /**
     * As {@link #appendReplicated(long, ByteBuf)}, stopping as if killed after writing {@code
     * stopAfter} bytes to the segment (a test's crash simulation; -1 returned then).
     */
    long appendReplicated(long offset, ByteBuf bytes, long stopAfter) throws IOException {
        int length = bytes.readableBytes();
        lock.lock();
        try {
            if (failure.failed()) {
                throw new IOException("the store is read-only", failure.cause());
            }
            MappedSegment segment = replicaSegment(offset);
            int pos = (int) (offset - segment.baseOffset());
            if (length > segment.size() - pos) {
                throw new IOException(
                        length
                                + " replicated bytes at "
                                + offset
                                + " cross the end of segment "
                                + StoreFiles.name(segment.baseOffset()));
            }
            if (reserved(segment, Math.min(length, segment.size() - pos - BLANK)) == null) {
                throw new IOException("cannot reserve space for replicated bytes", failure.cause());
            }
            if (!copy(bytes, segment, pos, length, stopAfter)) {
                return -1;
            }
            segment.wrotePosition(pos + length);
            recordsEnd = wholeRecords.recordsEnd();
            writtenOffset = offset + length;
            return offset + length;
        } finally {
            lock.unlock();
        }
    }

    private static final int BLANK = StoredRecordFlyweight.BLANK_SIZE;

    /** The segment replicated bytes at {@code offset} go to, created when one must begin there. */
    private MappedSegment replicaSegment(long offset) throws IOException {
        MappedSegment last = chain.last();
        long end = writtenOffset;
        boolean fresh = last == null;
        if (!fresh && offset != end) {
            throw new IOException(
                    "replicated bytes start at " + offset + " but the commit log ends at " + end);
        }
        if (!fresh && last.wrotePosition() < last.size()) {
            return last;
        }
        if (offset % chain.segmentSize() != 0) {
            throw new IOException(
                    "replicated bytes at " + offset + " would begin a segment off its boundary");
        }
        try {
            MappedSegment created = chain.create(offset);
            writtenOffset = offset;
            if (fresh) {
                wholeRecords.restart(offset);
                recordsEnd = offset;
            }
            return created;
        } catch (IOException | UncheckedIOException e) {
            failure.fail("creating commit-log segment " + StoreFiles.name(offset), e);
            throw e instanceof IOException io ? io : new IOException(e);
        }
    }

    /** Copies through the segment's windows (pinned piece by piece). */
    private boolean copy(ByteBuf bytes, MappedSegment segment, int pos, int length, long stopAfter)
            throws IOException {
        try {
            return wholeRecords.copy(bytes, segment, pos, length, stopAfter);
        } catch (InternalError | UncheckedIOException e) {
            // A fault while touching mapped memory (the file could not back the page).
            failure.fail("writing replicated bytes to the commit log", e);
            throw new IOException("writing replicated bytes failed", e);
        }
    }

    /** The first byte held, locally or in the tier (what queues and consumers may reach). */
    long minOffset() {
        return chain.heldMinOffset();
    }

    /** Sets a queue's next offset (recovery) — before any append. */
    void initQueueOffset(String topic, int queueId, long next) {
        lock.lock();
        try {
            offsets.set(topic, queueId, next);
        } finally {
            lock.unlock();
        }
    }

    /** Sets every queue's next offset from its consume queue, forgetting any other. */
    void resetQueueOffsets(List<ConsumeQueue> queues) {
        lock.lock();
        try {
            offsets.clear();
            queues.forEach(q -> offsets.set(q.topic(), q.queueId(), q.maxOffset()));
        } finally {
            lock.unlock();
        }
    }

    void removeTopic(String topic) {
        lock.lock();
        try {
            offsets.removeTopic(topic);
        } finally {
            lock.unlock();
        }
    }
}
