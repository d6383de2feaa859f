package io.bolide.store;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * One fixed-size memory-mapped file (a commit-log segment, consume-queue file or index file), named
 * by the logical offset of its first byte. Writers use {@link #buffer()} with absolute positions;
 * readers get retained {@link ByteBuf} slices. A deleted file's mapping is left to the garbage
 * collector, so a slice handed out earlier never points at unmapped memory.
 */
final class MappedSegment {
    private final Path path;
    private final long baseOffset;
    private final int size;
    private final FileChannel channel;
    private final MappedByteBuffer buffer;
    private final ByteBuf view;
    private volatile int wrotePosition;
    private volatile int flushedPosition;
    private volatile int reservedPosition;
    private int fillGrain = StoreFiles.PAGE_GRAIN;

    private MappedSegment(Path path, long baseOffset, int size, FileChannel channel)
            throws IOException {
        this.path = path;
        this.baseOffset = baseOffset;
        this.size = size;
        this.channel = channel;
        this.buffer = channel.map(FileChannel.MapMode.READ_WRITE, 0, size);
        this.view = Unpooled.wrappedBuffer(buffer.duplicate());
    }

    /**
     * Creates (or completes) the file {@code dir/<20-digit base>} of exactly {@code size} bytes.
     */
    static MappedSegment create(Path dir, long base, int size, boolean zeroFill)
            throws IOException {
        return create(dir, base, size, zeroFill ? size : 0, StoreFiles.PAGE_GRAIN);
    }

    /**
     * Creates (or opens) the file {@code dir/<20-digit base>} of {@code size} bytes, of which the
     * first {@code zeroFilled} are written with zeros so the file system reserves them now (the
     * rest stays sparse until {@link #reserve}), in writes of at most {@code grain} bytes.
     */
    static MappedSegment create(Path dir, long base, int size, int zeroFilled, int grain)
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
            MappedSegment segment = new MappedSegment(file, base, size, channel);
            segment.fillGrain = grain;
            segment.reservedPosition = (int) Math.max(length, zeroFilled);
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

    /** The mapping; use absolute gets and puts only. */
    ByteBuffer buffer() {
        return buffer;
    }

    /** A retained view of {@code [pos, pos + length)}; the caller releases it. */
    ByteBuf retainedSlice(int pos, int length) {
        return view.retainedSlice(pos, length);
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
            StoreFiles.zeroFill(channel, from, target, fillGrain);
            reservedPosition = target;
        }
    }

    int flushedPosition() {
        return flushedPosition;
    }

    /** Forces {@code [flushed, upTo)} to the device (msync). */
    void flush(int upTo) {
        int from = flushedPosition;
        if (upTo > from) {
            buffer.force(from, upTo - from);
            flushedPosition = upTo;
        }
    }

    /** Marks everything up to {@code position} as already durable (after recovery). */
    void markFlushed(int position) {
        this.flushedPosition = position;
    }

    /** Zeroes {@code [from, to)} and forces it (a log cut back). */
    void zero(int from, int to) {
        byte[] zeros = new byte[Math.min(1 << 16, Math.max(0, to - from))];
        for (int at = from; at < to; at += zeros.length) {
            buffer.put(at, zeros, 0, Math.min(zeros.length, to - at));
        }
        if (to > from) {
            buffer.force(from, to - from);
        }
    }

    long lastModifiedMillis() throws IOException {
        return Files.getLastModifiedTime(path).toMillis();
    }

    void close() throws IOException {
        channel.close();
    }

    void delete() throws IOException {
        channel.close();
        Files.deleteIfExists(path);
    }
}
