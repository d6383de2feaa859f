package io.bolide.store;

import io.netty.buffer.ByteBuf;
import java.io.IOException;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * Copies a replica's transfers into its mapped segment so that crash recovery can only ever find
 * records the replica holds whole. A transfer cuts records anywhere, and a front-to-back copy
 * killed half way could leave a record whose header and body are in (its body CRC matching) but
 * whose tail is not: recovery would keep it, the replica would report an end past it and never
 * receive the tail again. So the TOTALSIZE field of every record is held back (written as zeros)
 * until the record's last byte is in, in this transfer or a later one, and is then written behind a
 * release fence. Recovery stops at a zero TOTALSIZE.
 *
 * <p>Its state is the first record not yet whole ({@link #recordsEnd()}) and the part of that
 * record's TOTALSIZE received so far (a transfer may even cut the field). The cost over a plain
 * copy is a few reads and writes per record, never per byte. Used under the commit log's lock.
 */
final class WholeRecordCopy {
    private static final int FIELD = 4;

    /** Offset of the first record not wholly received. */
    private long start;

    /** The bytes of that record's TOTALSIZE received so far, big-endian (all four: its size). */
    private int sizeBits;

    /** Segment positions of the records met by the transfer being copied (reused). */
    private int[] starts = new int[64];

    private int count;

    /** Bytes the copy may still write; only a test's simulated kill sets less than all. */
    private long budget;

    /** The transfer being copied as one NIO view, when it has one. */
    private ByteBuffer source;

    /** Starts over at {@code offset}, a record boundary (recovery, or a replica's first bytes). */
    void restart(long offset) {
        start = offset;
        sizeBits = 0;
    }

    /** The end of the records wholly received: where the first record missing bytes begins. */
    long recordsEnd() {
        return start;
    }

    /**
     * Copies {@code length} bytes of {@code src} (from its reader index) to {@code pos} of {@code
     * segment}, which must be this replica's end; every record that becomes whole gets its
     * TOTALSIZE. Nothing is written when the bytes declare a record that cannot fit the segment.
     *
     * @param stopAfter how many bytes to write before stopping as if killed (a test's); {@link
     *     Long#MAX_VALUE} otherwise
     * @return false when stopped by {@code stopAfter} (the state is then left as it was)
     * @throws IOException when a record's declared size is impossible; nothing is written then
     */
    boolean copy(ByteBuf src, MappedSegment segment, int pos, int length, long stopAfter)
            throws IOException {
        int end = pos + length;
        int last = walk(src, segment, pos, end);
        budget = stopAfter;
        // One view of the source for all the pieces when it has one (no allocation per piece);
        // otherwise each piece goes through the ByteBuf into a positioned view of the mapping.
        source = src.nioBufferCount() == 1 ? src.nioBuffer(src.readerIndex(), length) : null;
        try {
            if (!write(src, segment.buffer(), pos, end)) {
                return false;
            }
        } finally {
            source = null;
        }
        start = segment.baseOffset() + starts[count - 1];
        sizeBits = last;
        return true;
    }

    /** Writes the transfer, then the TOTALSIZE of the records it makes whole; false if killed. */
    private boolean write(ByteBuf src, ByteBuffer mapped, int pos, int end) {
        ByteBuffer target = source == null ? mapped.duplicate() : mapped;
        int cursor = pos;
        for (int i = 0; i < count; i++) {
            int held = Math.max(starts[i], pos);
            int heldEnd = Math.min(starts[i] + FIELD, end);
            if (held < heldEnd) {
                if (!bytes(src, pos, target, cursor, held) || !zeros(mapped, held, heldEnd)) {
                    return false;
                }
                cursor = heldEnd;
            }
        }
        if (!bytes(src, pos, target, cursor, end)) {
            return false;
        }
        // Every byte of the records that are now whole is in: only now may recovery see them.
        VarHandle.releaseFence();
        for (int i = 0; i + 1 < count; i++) {
            if (!size(mapped, starts[i], starts[i + 1] - starts[i])) {
                return false;
            }
        }
        return true;
    }

    /**
     * Finds the records the bytes {@code [pos, end)} complete or begin, into {@link #starts} (the
     * last one is not whole yet, or begins at {@code end}); returns what is known of the last one's
     * TOTALSIZE.
     */
    private int walk(ByteBuf src, MappedSegment segment, int pos, int end) throws IOException {
        int s = (int) (start - segment.baseOffset());
        int bits = s < pos ? sizeBits : 0;
        count = 0;
        while (true) {
            add(s);
            if (s >= pos && s + FIELD <= end) {
                bits = src.getInt(src.readerIndex() + s - pos);
            } else {
                for (int at = Math.max(s, pos); at < Math.min(s + FIELD, end); at++) {
                    bits = bits << 8 | src.getByte(src.readerIndex() + at - pos) & 0xFF;
                }
            }
            if (s + FIELD > end) {
                break;
            }
            if (bits < StoredRecordFlyweight.BLANK_SIZE || bits > segment.size() - s) {
                throw refused(segment, s, bits);
            }
            if (s + bits > end) {
                break;
            }
            s += bits;
            bits = 0;
        }
        if (end == segment.size() && s != end) {
            throw refused(segment, s, bits);
        }
        return bits;
    }

    private void add(int s) {
        if (count == starts.length) {
            starts = Arrays.copyOf(starts, count * 2);
        }
        starts[count++] = s;
    }

    private static IOException refused(MappedSegment segment, int s, int size) {
        return new IOException(
                "replicated record at "
                        + (segment.baseOffset() + s)
                        + " declares "
                        + size
                        + " bytes, which do not fit segment "
                        + StoreFiles.name(segment.baseOffset()));
    }

    /**
     * Copies segment positions {@code [from, to)} from the transfer, which begins at {@code pos}.
     */
    private boolean bytes(ByteBuf src, int pos, ByteBuffer target, int from, int to) {
        int n = (int) Math.min(to - from, budget);
        if (n > 0 && source != null) {
            target.put(from, source, from - pos, n);
        } else if (n > 0) {
            target.limit(from + n).position(from);
            src.getBytes(src.readerIndex() + from - pos, target);
        }
        budget -= n;
        return n == to - from;
    }

    private boolean zeros(ByteBuffer target, int from, int to) {
        for (int at = from; at < to; at++) {
            if (budget-- <= 0) {
                return false;
            }
            target.put(at, (byte) 0);
        }
        return true;
    }

    /** One store instruction: a kill comes before or after it, never inside. */
    private boolean size(ByteBuffer target, int at, int size) {
        if (budget < FIELD) {
            return false;
        }
        target.putInt(at + StoredRecordFlyweight.TOTAL_SIZE_OFFSET, size);
        budget -= FIELD;
        return true;
    }
}
