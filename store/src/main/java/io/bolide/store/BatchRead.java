package io.bolide.store;

import io.netty.buffer.ByteBuf;

/**
 * One pull's walk over a consume queue and the records it points at, holding the queue file's
 * window and the commit log's current window pinned from one entry to the next instead of pinning
 * per number read: a pull of 32 entries then takes a few pins instead of a hundred (each pin and
 * unpin is an atomic on a counter the dispatcher and other readers share). Every record still gets
 * its own retained slice, which is what keeps its window mapped once the batch is answered. The
 * pins last one batch, microseconds, so the budget's trim (which skips pinned windows) is not held
 * back. Not thread-safe; {@link #close()} releases both pins.
 */
final class BatchRead implements AutoCloseable {
    private final ConsumeQueue queue;
    private final CommitLog log;
    private MappedSegment entryFile;
    private MappedWindow entries;
    private int entryAt;
    private MappedSegment segment;
    private MappedWindow records;

    BatchRead(ConsumeQueue queue, CommitLog log) {
        this.queue = queue;
        this.log = log;
    }

    /** Moves to the entry at {@code offset}; false when its file is not held (deleted, closed). */
    boolean entry(long offset) {
        long bytes = offset * ConsumeQueue.ENTRY_SIZE;
        MappedSegment file = entryFile;
        if (file == null || bytes < file.baseOffset() || bytes >= file.endOffset()) {
            unpinEntries();
            file = queue.files().find(bytes);
            if (file == null) {
                return false;
            }
            entryFile = file;
        }
        int pos = (int) (bytes - file.baseOffset());
        MappedWindow w = entries;
        if (w == null || pos < w.start() || pos + ConsumeQueue.ENTRY_SIZE > w.end()) {
            unpinEntries();
            w = file.pin(pos, ConsumeQueue.ENTRY_SIZE);
            if (w == null) {
                return false;
            }
            entries = w;
        } else {
            file.touch(w, pos, ConsumeQueue.ENTRY_SIZE);
        }
        entryAt = pos - w.start();
        return true;
    }

    long phys() {
        return entries.buffer().getLong(entryAt);
    }

    int size() {
        return entries.buffer().getInt(entryAt + ConsumeQueue.SIZE_OFFSET);
    }

    long tagsCode() {
        return entries.buffer().getLong(entryAt + ConsumeQueue.TAGS_OFFSET);
    }

    /**
     * A retained slice of the record at {@code phys}, or null if it is not (or no longer) held; an
     * {@link java.io.UncheckedIOException} when the tier holds it but cannot be read now.
     */
    ByteBuf record(long phys, int size) {
        if (size <= 0 || phys + size > log.writtenOffset()) {
            return null;
        }
        MappedWindow w = records;
        MappedSegment s = segment;
        if (w == null
                || phys < s.baseOffset() + w.start()
                || phys + size > s.baseOffset() + w.end()) {
            unpinRecords();
            s = log.chain().find(phys);
            if (s == null) {
                return LogReads.coldOrThrow(log, phys, size);
            }
            if (phys - s.baseOffset() + size > s.size()) {
                return null;
            }
            w = s.pin((int) (phys - s.baseOffset()), size);
            if (w == null) {
                return null;
            }
            segment = s;
            records = w;
        }
        return s.slice(w, (int) (phys - s.baseOffset()), size);
    }

    private void unpinEntries() {
        if (entries != null) {
            entries.unpin();
            entries = null;
        }
    }

    private void unpinRecords() {
        if (records != null) {
            records.unpin();
            records = null;
            segment = null;
        }
    }

    @Override
    public void close() {
        unpinEntries();
        unpinRecords();
        entryFile = null;
    }
}
