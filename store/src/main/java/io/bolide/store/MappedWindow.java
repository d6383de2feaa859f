package io.bolide.store;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.buffer.UnpooledDirectByteBuf;
import io.netty.buffer.UnpooledUnsafeDirectByteBuf;
import io.netty.util.IllegalReferenceCountException;
import io.netty.util.internal.PlatformDependent;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.agrona.IoUtil;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One mapped range {@code [start, start + length)} of a segment file. The mapping is released
 * (unmapped, so its pages leave the process's resident set) only when nobody can touch it any more:
 * one reference count, Netty's on a {@link ByteBuf} view of the mapping, counts the owner (the
 * segment, until it {@link #retire() retires} the window), every {@link #tryPin() pin} (a thread
 * reading or writing through {@link #buffer()}) and every slice handed out; the last release
 * unmaps. A retired window can no longer be pinned, so readers map a fresh one instead of touching
 * memory that may be gone (unmapped memory is a JVM crash, not an exception).
 */
final class MappedWindow {
    private static final Logger LOG = LoggerFactory.getLogger(MappedWindow.class);
    private static final int PAGE = 4096;

    private final int start;
    private final int length;
    private final MappedByteBuffer mapping;
    private final ByteBuf view;
    private final AtomicBoolean retired = new AtomicBoolean();
    private final Consumer<MappedByteBuffer> unmapper;

    // Recency and touched extent: plain fields, written racily by whoever pins. They only steer
    // the budget's choice of what to unmap, never safety, so a lost update costs nothing.
    private int lastUsed;
    private int low = Integer.MAX_VALUE;
    private int high = -1;

    MappedWindow(MappedByteBuffer mapping, int start) {
        this(mapping, start, IoUtil::unmap);
    }

    /** As {@link #MappedWindow(MappedByteBuffer, int)}, unmapping with {@code unmapper} (tests). */
    MappedWindow(MappedByteBuffer mapping, int start, Consumer<MappedByteBuffer> unmapper) {
        this.start = start;
        this.unmapper = unmapper;
        this.length = mapping.capacity();
        this.mapping = mapping;
        this.view =
                PlatformDependent.hasUnsafe()
                        ? new UnsafeView(mapping, this)
                        : new SafeView(mapping, this);
    }

    /** Position in the segment of the window's first byte. */
    int start() {
        return start;
    }

    /** Position in the segment one past the window's last byte. */
    int end() {
        return start + length;
    }

    int length() {
        return length;
    }

    /** The mapping, indexed from {@link #start()}; only while pinned, absolute gets and puts. */
    ByteBuffer buffer() {
        return mapping;
    }

    /** Forces {@code [pos, pos + len)} (relative) to the device; only while pinned. */
    void force(int pos, int len) {
        mapping.force(pos, len);
    }

    /** Takes a reference for an access; false once the window is retired and released. */
    boolean tryPin() {
        if (view.refCnt() == 0) {
            return false;
        }
        try {
            view.retain();
            return true;
        } catch (IllegalReferenceCountException e) {
            // Released between the check and the retain: the caller maps a fresh window.
            return false;
        }
    }

    void unpin() {
        view.release();
    }

    /**
     * A retained slice of {@code [pos, pos + len)} (positions relative to {@link #start()}) that
     * keeps the mapping alive until released, or null once the window is released.
     */
    ByteBuf tryRetainedSlice(int pos, int len) {
        if (!tryPin()) {
            return null;
        }
        try {
            return view.slice(pos, len);
        } catch (RuntimeException e) {
            unpin();
            throw e;
        }
    }

    /** Drops the owner's reference (once): the mapping goes when the last pin or slice does. */
    boolean retire() {
        if (retired.compareAndSet(false, true)) {
            view.release();
            return true;
        }
        return false;
    }

    boolean isRetired() {
        return retired.get();
    }

    /** Pins and slices beyond the owner's reference. */
    int users() {
        return Math.max(0, view.refCnt() - (retired.get() ? 0 : 1));
    }

    /**
     * Records an access of {@code len} bytes at {@code pos} (relative) in budget tick {@code tick}.
     */
    void touch(int pos, int len, int tick) {
        if (lastUsed != tick) {
            lastUsed = tick;
        }
        if (pos < low) {
            low = pos;
        }
        int end = pos + len;
        if (end > high) {
            high = end;
        }
    }

    int lastUsed() {
        return lastUsed;
    }

    /** Estimated resident bytes: the page-rounded extent touched through this mapping. */
    long residentEstimate() {
        int h = high;
        int l = low;
        if (h < l) {
            return 0;
        }
        long from = (long) l / PAGE * PAGE;
        long to = Math.min(length, ((long) h + PAGE - 1) / PAGE * PAGE);
        return Math.max(0, to - from);
    }

    /**
     * Runs on whichever thread drops the last reference (the mapping agent, a reader, an event loop
     * releasing a sent slice), so it never throws: a failed unmap leaves the pages mapped until the
     * garbage collector frees the buffer, which costs memory, not correctness.
     */
    private void unmap() {
        try {
            unmapper.accept(mapping);
        } catch (RuntimeException | InternalError e) {
            LOG.warn(
                    "Unmapping a window of {} bytes failed; it stays mapped until collected",
                    length,
                    e);
        }
    }

    /** The view when Netty may use Unsafe (as {@code Unpooled.wrappedBuffer} would choose). */
    private static final class UnsafeView extends UnpooledUnsafeDirectByteBuf {
        private final MappedWindow window;

        UnsafeView(ByteBuffer mapping, MappedWindow window) {
            super(
                    UnpooledByteBufAllocator.DEFAULT,
                    mapping.duplicate().clear(),
                    mapping.capacity());
            this.window = window;
        }

        @Override
        protected void deallocate() {
            super.deallocate();
            window.unmap();
        }
    }

    /** The view without Unsafe. */
    private static final class SafeView extends UnpooledDirectByteBuf {
        private final MappedWindow window;

        SafeView(ByteBuffer mapping, MappedWindow window) {
            super(
                    UnpooledByteBufAllocator.DEFAULT,
                    mapping.duplicate().clear(),
                    mapping.capacity());
            this.window = window;
        }

        @Override
        protected void deallocate() {
            super.deallocate();
            window.unmap();
        }
    }
}
