package io.bolide.store;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongPredicate;

/**
 * An ordered run of equally sized {@link MappedSegment}s covering one logical byte range. One
 * thread appends; readers look segments up without locks through a copy-on-write array.
 */
final class SegmentChain {
    private static final MappedSegment[] EMPTY = new MappedSegment[0];

    private final Path dir;
    private final int segmentSize;
    private final boolean zeroFill;
    private final int createFilled;
    private final int fillGrain;
    private final WindowPlan plan;
    private volatile MappedSegment[] segments = EMPTY;
    private volatile ColdSegments cold;

    SegmentChain(Path dir, int segmentSize, boolean zeroFill) {
        this(dir, segmentSize, zeroFill, segmentSize, StoreFiles.PAGE_GRAIN);
    }

    /**
     * A chain whose new files get only their first {@code window} bytes zero-filled, in writes of
     * at most {@code grain} bytes (see {@link StoreFiles#PAGE_GRAIN}).
     */
    SegmentChain(Path dir, int segmentSize, boolean zeroFill, int window, int grain) {
        this(dir, segmentSize, zeroFill, window, grain, WindowPlan.whole());
    }

    /** As above, each file mapped in windows as {@code plan} says. */
    SegmentChain(
            Path dir, int segmentSize, boolean zeroFill, int window, int grain, WindowPlan plan) {
        this.plan = plan;
        this.dir = dir;
        this.segmentSize = segmentSize;
        this.zeroFill = zeroFill;
        this.createFilled = zeroFill ? Math.min(window, segmentSize) : 0;
        this.fillGrain = grain;
    }

    boolean zeroFill() {
        return zeroFill;
    }

    /** Maps the existing files; files of the wrong size are completed to the segment size. */
    void load() throws IOException {
        List<Path> files = StoreFiles.numberedFiles(dir);
        MappedSegment[] loaded = new MappedSegment[files.size()];
        for (int i = 0; i < loaded.length; i++) {
            long base = StoreFiles.offsetOf(files.get(i));
            loaded[i] = MappedSegment.create(dir, base, segmentSize, createFilled, fillGrain, plan);
            loaded[i].wrotePosition(segmentSize);
            loaded[i].markFlushed(segmentSize);
        }
        segments = loaded;
    }

    Path dir() {
        return dir;
    }

    int segmentSize() {
        return segmentSize;
    }

    MappedSegment[] all() {
        return segments;
    }

    boolean isEmpty() {
        return segments.length == 0;
    }

    MappedSegment first() {
        MappedSegment[] s = segments;
        return s.length == 0 ? null : s[0];
    }

    MappedSegment last() {
        MappedSegment[] s = segments;
        return s.length == 0 ? null : s[s.length - 1];
    }

    /** Logical offset of the first byte still held, or 0 when empty. */
    long minOffset() {
        MappedSegment first = first();
        return first == null ? 0 : first.baseOffset();
    }

    /**
     * The first byte of the local segments, or {@code end} (the commit log's end) when none is
     * local: every offset below it that is held at all is held by the tier.
     */
    long localStart(long end) {
        MappedSegment first = first();
        return first == null ? end : first.baseOffset();
    }

    /** Where segments that left this chain's directory are held (tiered storage, #36). */
    void coldBelow(ColdSegments segments) {
        cold = segments;
    }

    /** Segments that left the local disk, or null without tiered storage. */
    ColdSegments cold() {
        return cold;
    }

    /** The first byte held, locally or in the tier; 0 when neither holds any. */
    long heldMinOffset() {
        ColdSegments c = cold;
        long tier = c == null ? -1 : c.minOffset();
        long local = minOffset();
        return tier < 0 ? local : isEmpty() ? tier : Math.min(tier, local);
    }

    /** The segment holding {@code offset}, or null. */
    MappedSegment find(long offset) {
        MappedSegment[] s = segments;
        if (s.length == 0 || offset < s[0].baseOffset()) {
            return null;
        }
        long index = (offset - s[0].baseOffset()) / segmentSize;
        if (index >= s.length) {
            return null;
        }
        MappedSegment segment = s[(int) index];
        return offset < segment.endOffset() ? segment : null;
    }

    /** Creates and appends the segment starting at {@code base}. */
    synchronized MappedSegment create(long base) throws IOException {
        MappedSegment segment =
                MappedSegment.create(dir, base, segmentSize, createFilled, fillGrain, plan);
        MappedSegment[] s = segments;
        MappedSegment[] grown = Arrays.copyOf(s, s.length + 1);
        grown[s.length] = segment;
        segments = grown;
        return segment;
    }

    /** Deletes the oldest segment. */
    synchronized void deleteFirst() throws IOException {
        MappedSegment[] s = segments;
        if (s.length == 0) {
            return;
        }
        segments = Arrays.copyOfRange(s, 1, s.length);
        s[0].delete();
    }

    /**
     * Deletes the oldest segment if it is not the last and {@code deletable} accepts its base
     * offset; whether it went. The check and the delete happen under the chain's lock, so two
     * deleters (retention, tiered storage's eviction) never both take a segment.
     */
    synchronized boolean deleteFirstIf(LongPredicate deletable) throws IOException {
        MappedSegment[] s = segments;
        if (s.length < 2 || !deletable.test(s[0].baseOffset())) {
            return false;
        }
        segments = Arrays.copyOfRange(s, 1, s.length);
        s[0].delete();
        return true;
    }

    /** Deletes every segment starting at or after {@code offset}. */
    synchronized void deleteFrom(long offset) throws IOException {
        MappedSegment[] s = segments;
        int keep = 0;
        while (keep < s.length && s[keep].baseOffset() < offset) {
            keep++;
        }
        segments = Arrays.copyOf(s, keep);
        for (int i = keep; i < s.length; i++) {
            s[i].delete();
        }
    }

    /** Forces every segment from the one holding {@code from} up to logical {@code to}. */
    void flush(long from, long to) {
        for (MappedSegment segment : segments) {
            if (segment.endOffset() <= from || segment.baseOffset() >= to) {
                continue;
            }
            segment.flush((int) Math.min(segmentSize, to - segment.baseOffset()));
        }
    }

    void close() throws IOException {
        for (MappedSegment segment : segments) {
            segment.close();
        }
    }

    synchronized void deleteAll() throws IOException {
        MappedSegment[] s = segments;
        segments = EMPTY;
        for (MappedSegment segment : s) {
            segment.delete();
        }
    }
}
