package io.bolide.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import org.agrona.collections.LongArrayList;

/**
 * A hash index from message key to commit-log offset, after RocketMQ's IndexFile: a header, a table
 * of hash slots holding the newest entry number of their chain, and entries linked to the previous
 * entry of the same slot. Only the dispatch agent writes; every number read back is bounds-checked,
 * and callers verify each hit against the record, so a torn file costs hits, never a wrong answer.
 *
 * <pre>
 *  header (40): beginTimestamp:int64 | endTimestamp:int64 | beginPhys:int64 | endPhys:int64
 *               | reserved:int32 | entryCount:int32
 *  slots:       slotCount x entryNumber:int32 (0 = empty)
 *  entries:     entryCount x (keyHash:int32 | phys:int64 | secondsSinceBegin:int32 | prev:int32)
 * </pre>
 */
final class IndexFile {
    static final int HEADER_SIZE = 40;
    static final int ENTRY_SIZE = 20;
    private static final int END_TIMESTAMP = 8;
    private static final int BEGIN_PHYS = 16;
    private static final int END_PHYS = 24;
    private static final int ENTRY_COUNT = 36;

    private final MappedSegment file;
    private final int slots;
    private final int capacity;
    private volatile int count;
    private volatile boolean sealed;
    // The dispatch thread's copy of the header's begin timestamp (one pin less per put).
    private long beginTs;

    private IndexFile(MappedSegment file, int slots, int capacity) {
        this.file = file;
        this.slots = slots;
        this.capacity = capacity;
        int stored = file.getInt(ENTRY_COUNT, 0);
        this.count = stored < 0 || stored > capacity ? capacity : stored;
        this.beginTs = beginTimestamp();
    }

    /** Index files mapped in windows under {@code budget}; an entry never straddles two. */
    static WindowPlan windows(MappingBudget budget) {
        return new WindowPlan(WindowPlan.DEFAULT_WINDOW, ENTRY_SIZE, budget);
    }

    static int fileSize(int slots, int entries) {
        return HEADER_SIZE + slots * 4 + entries * ENTRY_SIZE;
    }

    static IndexFile open(Path dir, long name, int slots, int entries, boolean zeroFill)
            throws IOException {
        return open(dir, name, slots, entries, zeroFill, WindowPlan.whole());
    }

    static IndexFile open(
            Path dir, long name, int slots, int entries, boolean zeroFill, WindowPlan plan)
            throws IOException {
        int size = fileSize(slots, entries);
        MappedSegment file =
                MappedSegment.create(
                        dir, name, size, zeroFill ? size : 0, StoreFiles.PAGE_GRAIN, plan);
        return new IndexFile(file, slots, entries);
    }

    MappedSegment file() {
        return file;
    }

    /** No more entries go into a sealed file (full, or possibly torn by a crash). */
    void seal() {
        sealed = true;
    }

    boolean isWritable() {
        return !sealed && count < capacity;
    }

    long beginTimestamp() {
        return file.getLong(0, 0);
    }

    long endTimestamp() {
        return file.getLong(END_TIMESTAMP, 0);
    }

    long endPhys() {
        return file.getLong(END_PHYS, 0);
    }

    /** Adds {@code phys} under {@code keyHash}; the caller checked {@link #isWritable()}. */
    void put(int keyHash, long phys, long storeTimestamp) {
        int n = count + 1;
        if (n == 1) {
            file.putLong(0, storeTimestamp);
            file.putLong(BEGIN_PHYS, phys);
            beginTs = storeTimestamp;
        }
        int slotPos = HEADER_SIZE + Math.floorMod(keyHash, slots) * 4;
        long seconds = Math.max(0, (storeTimestamp - beginTs) / 1000);
        MappedWindow slot = file.pinned(slotPos, 4);
        try {
            int at = slotPos - slot.start();
            writeEntry(n, keyHash, phys, (int) Math.min(Integer.MAX_VALUE, seconds), slot, at);
            slot.buffer().putInt(at, n);
        } finally {
            slot.unpin();
        }
        MappedWindow header = file.pinned(0, HEADER_SIZE);
        try {
            ByteBuffer b = header.buffer();
            b.putLong(END_TIMESTAMP, storeTimestamp);
            b.putLong(END_PHYS, phys);
            b.putInt(ENTRY_COUNT, n);
        } finally {
            header.unpin();
        }
        count = n;
    }

    /** Entry {@code n}, chained to the entry its slot (pinned, at {@code at}) holds now. */
    private void writeEntry(int n, int keyHash, long phys, int seconds, MappedWindow slot, int at) {
        int entryPos = entryPos(n);
        MappedWindow w = file.pinned(entryPos, ENTRY_SIZE);
        try {
            ByteBuffer b = w.buffer();
            int pos = entryPos - w.start();
            b.putInt(pos, keyHash);
            b.putLong(pos + 4, phys);
            b.putInt(pos + 12, seconds);
            b.putInt(pos + 16, slot.buffer().getInt(at));
        } finally {
            w.unpin();
        }
    }

    private int entryPos(int n) {
        return HEADER_SIZE + slots * 4 + (n - 1) * ENTRY_SIZE;
    }

    /** Adds to {@code out} the offsets chained under {@code keyHash} stored in [begin, end]. */
    void collect(int keyHash, long begin, long end, int max, LongArrayList out) {
        int limit = count;
        long beginTs = beginTimestamp();
        int n = file.getInt(HEADER_SIZE + Math.floorMod(keyHash, slots) * 4, 0);
        for (int steps = 0; n > 0 && n <= limit && steps < limit && out.size() < max; steps++) {
            int entryPos = entryPos(n);
            MappedWindow w = file.pin(entryPos, ENTRY_SIZE);
            if (w == null) {
                return;
            }
            int prev;
            try {
                ByteBuffer b = w.buffer();
                int pos = entryPos - w.start();
                long ts = beginTs + b.getInt(pos + 12) * 1000L;
                if (b.getInt(pos) == keyHash && ts >= begin - 999 && ts <= end) {
                    long phys = b.getLong(pos + 4);
                    if (!out.containsLong(phys)) {
                        out.addLong(phys);
                    }
                }
                prev = b.getInt(pos + 16);
            } finally {
                w.unpin();
            }
            n = prev < n ? prev : 0;
        }
    }

    void flush() {
        file.markFlushed(0);
        file.flush(file.size());
    }
}
