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

    private IndexFile(MappedSegment file, int slots, int capacity) {
        this.file = file;
        this.slots = slots;
        this.capacity = capacity;
        int stored = file.buffer().getInt(ENTRY_COUNT);
        this.count = stored < 0 || stored > capacity ? capacity : stored;
    }

    static int fileSize(int slots, int entries) {
        return HEADER_SIZE + slots * 4 + entries * ENTRY_SIZE;
    }

    static IndexFile open(Path dir, long name, int slots, int entries, boolean zeroFill)
            throws IOException {
        MappedSegment file = MappedSegment.create(dir, name, fileSize(slots, entries), zeroFill);
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
        return file.buffer().getLong(0);
    }

    long endTimestamp() {
        return file.buffer().getLong(END_TIMESTAMP);
    }

    long endPhys() {
        return file.buffer().getLong(END_PHYS);
    }

    /** Adds {@code phys} under {@code keyHash}; the caller checked {@link #isWritable()}. */
    void put(int keyHash, long phys, long storeTimestamp) {
        ByteBuffer b = file.buffer();
        int n = count + 1;
        if (n == 1) {
            b.putLong(0, storeTimestamp);
            b.putLong(BEGIN_PHYS, phys);
        }
        int slotPos = HEADER_SIZE + Math.floorMod(keyHash, slots) * 4;
        int entryPos = entryPos(n);
        long seconds = Math.max(0, (storeTimestamp - beginTimestamp()) / 1000);
        b.putInt(entryPos, keyHash);
        b.putLong(entryPos + 4, phys);
        b.putInt(entryPos + 12, (int) Math.min(Integer.MAX_VALUE, seconds));
        b.putInt(entryPos + 16, b.getInt(slotPos));
        b.putInt(slotPos, n);
        b.putLong(END_TIMESTAMP, storeTimestamp);
        b.putLong(END_PHYS, phys);
        b.putInt(ENTRY_COUNT, n);
        count = n;
    }

    private int entryPos(int n) {
        return HEADER_SIZE + slots * 4 + (n - 1) * ENTRY_SIZE;
    }

    /** Adds to {@code out} the offsets chained under {@code keyHash} stored in [begin, end]. */
    void collect(int keyHash, long begin, long end, int max, LongArrayList out) {
        ByteBuffer b = file.buffer();
        int limit = count;
        long beginTs = beginTimestamp();
        int n = b.getInt(HEADER_SIZE + Math.floorMod(keyHash, slots) * 4);
        for (int steps = 0; n > 0 && n <= limit && steps < limit && out.size() < max; steps++) {
            int pos = entryPos(n);
            long ts = beginTs + b.getInt(pos + 12) * 1000L;
            if (b.getInt(pos) == keyHash && ts >= begin - 999 && ts <= end) {
                long phys = b.getLong(pos + 4);
                if (!out.containsLong(phys)) {
                    out.addLong(phys);
                }
            }
            int prev = b.getInt(pos + 16);
            n = prev < n ? prev : 0;
        }
    }

    void flush() {
        file.markFlushed(0);
        file.flush(file.size());
    }
}
