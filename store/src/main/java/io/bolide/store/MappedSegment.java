package io.bolide.store;

import io.netty.buffer.ByteBuf;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.MappedByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * One fixed-size file (a commit-log segment, consume-queue file or index file), named by the
 * logical offset of its first byte and mapped in {@link WindowPlan windows} on demand. Every access
 * goes through a {@link #pin pinned} window (or an accessor that pins for one number), and readers
 * get retained {@link ByteBuf} slices that keep their window mapped; the store's {@link
 * MappingBudget} unmaps windows nobody uses, so the resident set no longer grows with the data
 * written. A closed or deleted file's windows are unmapped once their last pin and slice are gone,
 * so a slice handed out earlier never points at unmapped memory.
 */
final class MappedSegment {
    private final Path path;
    private final long baseOffset;
    private final int size;

    /** The open file, or null when the plan closes files between uses ({@link #channel()}). */
    private final FileChannel channel;

    private final int windowSize;
    private final int overlap;
    private final MappingBudget budget;
    private final AtomicReferenceArray<MappedWindow> windows;
    private volatile boolean closed;
    private volatile int wrotePosition;
    private volatile int flushedPosition;
    private volatile int reservedPosition;
    private int fillGrain = StoreFiles.PAGE_GRAIN;

    private MappedSegment(
            Path path, long baseOffset, int size, FileChannel channel, WindowPlan plan) {
        this.path = path;
        this.baseOffset = baseOffset;
        this.size = size;
        this.channel = plan.closesFiles() ? null : channel;
        this.windowSize = Math.min(size, plan.size());
        this.overlap = plan.overlap();
        this.budget = plan.budget();
        this.windows = new AtomicReferenceArray<>((int) ((size - 1L) / windowSize + 1));
    }

    /**
     * Creates (or completes) the file {@code dir/<20-digit base>} of exactly {@code size} bytes.
     */
    static MappedSegment create(Path dir, long base, int size, boolean zeroFill)
            throws IOException {
        return create(dir, base, size, zeroFill ? size : 0, StoreFiles.PAGE_GRAIN);
    }

    /** As {@link #create(Path, long, int, int, int)}, mapped whole. */
    static MappedSegment create(Path dir, long base, int size, int zeroFilled, int grain)
            throws IOException {
        return create(dir, base, size, zeroFilled, grain, WindowPlan.whole());
    }

    /**
     * Creates (or opens) the file {@code dir/<20-digit base>} of {@code size} bytes, of which the
     * first {@code zeroFilled} are written with zeros so the file system reserves them now (the
     * rest stays sparse until {@link #reserve}), in writes of at most {@code grain} bytes.
     */
    static MappedSegment create(
            Path dir, long base, int size, int zeroFilled, int grain, WindowPlan plan)
            throws IOException {
        Files.createDirectories(dir);
        Path file = dir.resolve(StoreFiles.name(base));
        FileChannel channel =
                FileChannel.open(
                        file,
                        StandardOpenOption.CREATE,
                        StandardOpenOption.READ,
                        StandardOpenOption.WRITE);
        try {
            long length = channel.size();
            if (length < zeroFilled) {
                StoreFiles.zeroFill(channel, length, zeroFilled, grain);
            }
            if (channel.size() < size) {
                StoreFiles.zeroFill(channel, size - 1, size, grain);
            }
            MappedSegment segment = new MappedSegment(file, base, size, channel, plan);
            segment.fillGrain = grain;
            segment.reservedPosition = (int) Math.max(length, zeroFilled);
            if (plan.closesFiles()) {
                channel.close();
            }
            return segment;
        } catch (IOException | RuntimeException e) {
            channel.close();
            if (length(file) < size) {
                Files.deleteIfExists(file);
            }
            throw e;
        }
    }

    private static long length(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return 0;
        }
    }

    Path path() {
        return path;
    }

    long baseOffset() {
        return baseOffset;
    }

    long endOffset() {
        return baseOffset + size;
    }

    int size() {
        return size;
    }

    /**
     * Pins the window holding {@code [pos, pos + len)} for an access through its {@link
     * MappedWindow#buffer() buffer} at {@code pos - start()}; the caller unpins it. An access
     * longer than a window's overlap gets a mapping of its own, gone at its unpin. Null once the
     * file is closed (deleted by retention, for instance): the caller treats it as not held.
     */
    MappedWindow pin(int pos, int len) {
        int k = pos / windowSize;
        len = Math.min(len, size - pos);
        if (pos + len > windowEnd(k)) {
            return pinOwnMapping(pos, len);
        }
        while (true) {
            MappedWindow w = windows.get(k);
            if (w == null && (w = map(k)) == null) {
                return null;
            }
            if (w.tryPin()) {
                w.touch(pos - w.start(), len, budget.tick());
                return w;
            }
            windows.compareAndSet(k, w, null);
        }
    }

    private int windowEnd(int k) {
        return (int) Math.min(size, (long) k * windowSize + windowSize + overlap);
    }

    /** Bytes from {@code pos} to the end of the window holding it (one slice's most). */
    int windowRemaining(int pos) {
        return windowEnd(pos / windowSize) - pos;
    }

    private synchronized MappedWindow map(int k) {
        MappedWindow current = windows.get(k);
        if (current != null && !current.isRetired()) {
            return current;
        }
        if (closed) {
            return null;
        }
        int start = k * windowSize;
        MappedWindow w = new MappedWindow(mapRange(start, windowEnd(k) - start), start);
        windows.set(k, w);
        budget.register(this, w);
        return w;
    }

    private synchronized MappedWindow pinOwnMapping(int pos, int len) {
        if (closed) {
            return null;
        }
        MappedWindow w = new MappedWindow(mapRange(pos, len), pos);
        w.tryPin();
        w.retire();
        return w;
    }

    private MappedByteBuffer mapRange(int start, int length) {
        try {
            FileChannel c = channel();
            try {
                return c.map(FileChannel.MapMode.READ_WRITE, start, length);
            } finally {
                release(c);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("mapping " + path + " at " + start, e);
        }
    }

    /** The file's channel: the one kept open, or one opened for this use ({@link #release}). */
    private FileChannel channel() throws IOException {
        if (channel != null) {
            return channel;
        }
        return FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE);
    }

    /** Closes {@code c} if it was opened for one use (a mapping outlives its channel). */
    private void release(FileChannel c) throws IOException {
        if (c != channel) {
            c.close();
        }
    }

    /** Unmaps {@code w} once unused, unless it was already replaced; true if it was current. */
    boolean evict(MappedWindow w) {
        if (!windows.compareAndSet(w.start() / windowSize, w, null)) {
            return false;
        }
        budget.unregister(this, w);
        w.retire();
        return true;
    }

    /** The int at {@code pos}, or {@code missing} when the file is closed. */
    int getInt(int pos, int missing) {
        MappedWindow w = pin(pos, 4);
        if (w == null) {
            return missing;
        }
        try {
            return w.buffer().getInt(pos - w.start());
        } finally {
            w.unpin();
        }
    }

    /** The long at {@code pos}, or {@code missing} when the file is closed. */
    long getLong(int pos, long missing) {
        MappedWindow w = pin(pos, 8);
        if (w == null) {
            return missing;
        }
        try {
            return w.buffer().getLong(pos - w.start());
        } finally {
            w.unpin();
        }
    }

    void putInt(int pos, int value) {
        MappedWindow w = pinned(pos, 4);
        try {
            w.buffer().putInt(pos - w.start(), value);
        } finally {
            w.unpin();
        }
    }

    void putByte(int pos, byte value) {
        MappedWindow w = pinned(pos, 1);
        try {
            w.buffer().put(pos - w.start(), value);
        } finally {
            w.unpin();
        }
    }

    void putLong(int pos, long value) {
        MappedWindow w = pinned(pos, 8);
        try {
            w.buffer().putLong(pos - w.start(), value);
        } finally {
            w.unpin();
        }
    }

    /** As {@link #pin}, for writers: a closed file is an error. */
    MappedWindow pinned(int pos, int len) {
        MappedWindow w = pin(pos, len);
        if (w == null) {
            throw new UncheckedIOException(new ClosedChannelException());
        }
        return w;
    }

    /** A retained view of {@code [pos, pos + length)}, or null when closed; the caller releases. */
    ByteBuf retainedSlice(int pos, int length) {
        MappedWindow w = pin(pos, length);
        if (w == null) {
            return null;
        }
        try {
            return w.tryRetainedSlice(pos - w.start(), length);
        } finally {
            w.unpin();
        }
    }

    /** Size of the stored record at {@code pos}, or -1 if none is there (or the file is closed). */
    int recordSize(int pos) {
        MappedWindow w = pin(pos, StoredRecordFlyweight.BLANK_SIZE);
        if (w == null) {
            return -1;
        }
        int recordSize;
        boolean record;
        try {
            int local = pos - w.start();
            recordSize = StoredRecordFlyweight.totalSize(w.buffer(), local);
            record =
                    StoredRecordFlyweight.isRecordMagic(
                            StoredRecordFlyweight.magic(w.buffer(), local));
        } finally {
            w.unpin();
        }
        return record && recordSize >= StoredRecordFlyweight.MIN_SIZE && pos + recordSize <= size
                ? recordSize
                : -1;
    }

    /**
     * Records an access of {@code [pos, pos + len)} through {@code w}, a window of this file the
     * caller keeps pinned across several accesses, as {@link #pin} would.
     */
    void touch(MappedWindow w, int pos, int len) {
        w.touch(pos - w.start(), len, budget.tick());
    }

    /**
     * A retained slice of {@code [pos, pos + len)} from {@code w}, a window of this file the caller
     * holds pinned and that holds the range; null once the window is released.
     */
    ByteBuf slice(MappedWindow w, int pos, int len) {
        touch(w, pos, len);
        return w.tryRetainedSlice(pos - w.start(), len);
    }

    int wrotePosition() {
        return wrotePosition;
    }

    void wrotePosition(int position) {
        this.wrotePosition = position;
    }

    int reservedPosition() {
        return reservedPosition;
    }

    /** Forgets reservations beyond {@code position} (its sparse tail after a restart). */
    synchronized void resetReservation(int position) {
        reservedPosition = position;
    }

    /**
     * Zero-fills through the file system up to {@code upTo} (capped at the size), so running out of
     * disk shows up here as an IOException rather than as a fault on a mapped write. Done just
     * ahead of the writer, the zeros are still in the page cache when the data overwrites them, so
     * the disk sees each page once.
     */
    synchronized void reserve(int upTo) throws IOException {
        int target = Math.min(size, upTo);
        int from = reservedPosition;
        if (target > from) {
            FileChannel c = channel();
            try {
                StoreFiles.zeroFill(c, from, target, fillGrain);
            } finally {
                release(c);
            }
            reservedPosition = target;
        }
    }

    int flushedPosition() {
        return flushedPosition;
    }

    /**
     * Forces {@code [flushed, upTo)} to the device: msync through the windows still mapped, one
     * fdatasync of the file when part of the range was unmapped (its dirty pages stay in the page
     * cache after the unmap, so they still need forcing).
     */
    void flush(int upTo) {
        int from = flushedPosition;
        if (upTo <= from) {
            return;
        }
        boolean unmapped = false;
        for (int k = from / windowSize; k <= (upTo - 1) / windowSize; k++) {
            int a = Math.max(from, k * windowSize);
            int b = (int) Math.min(upTo, (long) k * windowSize + windowSize);
            MappedWindow w = windows.get(k);
            if (w != null && w.tryPin()) {
                try {
                    w.force(a - w.start(), b - a);
                } finally {
                    w.unpin();
                }
            } else {
                unmapped = true;
            }
        }
        if (unmapped) {
            forceFile();
        }
        flushedPosition = upTo;
    }

    private void forceFile() {
        try {
            FileChannel c = channel();
            try {
                c.force(false); // an fdatasync of the file, whichever descriptor asks
            } finally {
                release(c);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("forcing " + path, e);
        }
    }

    /** Marks everything up to {@code position} as already durable (after recovery). */
    void markFlushed(int position) {
        this.flushedPosition = position;
    }

    /**
     * Zeroes {@code [from, to)} through the windows, one pinned piece at a time, and forces the
     * file (a log cut back: rare, so one fdatasync rather than an msync per window).
     */
    void zero(int from, int to) {
        byte[] zeros = new byte[Math.min(1 << 16, Math.max(0, to - from))];
        for (int at = from; at < to; ) {
            int n = Math.min(Math.min(zeros.length, to - at), windowRemaining(at));
            MappedWindow w = pinned(at, n);
            try {
                w.buffer().put(at - w.start(), zeros, 0, n);
            } finally {
                w.unpin();
            }
            at += n;
        }
        if (to > from) {
            forceFile();
        }
    }

    long lastModifiedMillis() throws IOException {
        return Files.getLastModifiedTime(path).toMillis();
    }

    void close() throws IOException {
        synchronized (this) {
            closed = true;
        }
        for (int k = 0; k < windows.length(); k++) {
            MappedWindow w = windows.getAndSet(k, null);
            if (w != null) {
                budget.unregister(this, w);
                w.retire();
            }
        }
        if (channel != null) {
            channel.close();
        }
    }

    void delete() throws IOException {
        close();
        Files.deleteIfExists(path);
    }
}
