package io.bolide.tier;

import io.bolide.store.ColdSegments;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.TimeUnit;

/**
 * The commit-log segments held in the object store, as the store reads them: which ones the {@link
 * UploadManifest} lists, and their bytes through ranged GETs of {@link #BLOCK}-sized blocks kept in
 * a {@link BlockCache}. A record inside one block is a slice of the cached block; one across blocks
 * is copied out of each. A sequential reader's next blocks are fetched ahead ({@link ReadAhead}).
 */
final class TieredSegments implements ColdSegments, AutoCloseable {
    /** Bytes per ranged GET (less at a segment's end). */
    static final int BLOCK = 1 << 20;

    /**
     * The most blocks a sequential reader's read-ahead fetches past the one it reads, each its own
     * GET, all in flight at once: a store answering in 50 ms serves one reader 8 MiB per round trip
     * instead of 1 MiB.
     */
    static final int MAX_DEPTH = 8;

    /**
     * The read-ahead of a cache of {@code cacheBlocks} blocks: a quarter of it (so what is fetched
     * ahead for several readers stays cached until read), at most {@link #MAX_DEPTH}, none under
     * eight blocks.
     */
    static int depth(long cacheBlocks) {
        return cacheBlocks < 8 ? 0 : (int) Math.min(MAX_DEPTH, cacheBlocks / 4);
    }

    private final int block;
    private final long localBudget;

    private final UploadManifest manifest;
    private final ObjectStore objects;
    private final BlockCache cache;
    private final TierStats stats;
    private final ReadAhead ahead;

    TieredSegments(
            UploadManifest manifest,
            ObjectStore objects,
            long cacheBytes,
            int block,
            long localBudget,
            TierStats stats) {
        this.block = block;
        this.localBudget = localBudget;
        this.manifest = manifest;
        this.objects = objects;
        this.cache = new BlockCache(cacheBytes);
        this.stats = stats;
        this.ahead = new ReadAhead(depth(cacheBytes / block), block, cache, stats);
    }

    /** Where the segments' objects are, under the store's prefix. */
    static final String PREFIX = "commitlog/";

    private static final int DIGITS = 20;

    /** The object key of the segment beginning at {@code baseOffset}: its file name. */
    static String key(long baseOffset) {
        String digits = Long.toString(baseOffset);
        return PREFIX + "0".repeat(Math.max(0, DIGITS - digits.length())) + digits;
    }

    /** The base offset a segment's key names, or -1 when {@code key} is not one. */
    static long baseOffsetOf(String key) {
        if (!key.startsWith(PREFIX) || key.length() != PREFIX.length() + DIGITS) {
            return -1;
        }
        String digits = key.substring(PREFIX.length());
        for (int i = 0; i < digits.length(); i++) {
            if (digits.charAt(i) < '0' || digits.charAt(i) > '9') {
                return -1;
            }
        }
        try {
            return Long.parseLong(digits);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    @Override
    public long minOffset() {
        UploadManifest.Entry first = manifest.first();
        return first == null ? -1 : first.baseOffset();
    }

    @Override
    public long endOffset() {
        UploadManifest.Entry last = manifest.last();
        return last == null ? -1 : last.baseOffset() + last.length();
    }

    @Override
    public boolean holds(long baseOffset) {
        return manifest.contains(baseOffset);
    }

    /**
     * Refused past the budget only while the object store is unreachable: a store that is merely
     * slow lets the local disk run over the budget until the uploads catch up, so the write path
     * never waits on it.
     */
    @Override
    public boolean refusesWrites(long localBytes) {
        boolean refuse = localBudget > 0 && stats.unreachable && localBytes > localBudget;
        if (refuse != stats.refusing) {
            stats.refusing = refuse;
        }
        return refuse;
    }

    @Override
    public ByteBuf read(long phys, int size) {
        UploadManifest.Entry entry = manifest.covering(phys);
        if (entry == null || size <= 0 || phys + size > entry.baseOffset() + entry.length()) {
            return null;
        }
        stats.tierReads.incrementAndGet();
        try {
            long first = blockStart(entry, phys);
            long last = blockStart(entry, phys + size - 1);
            byte[] head = block(entry, first);
            readAhead(entry, phys, size, last);
            if (first == last) {
                return Unpooled.wrappedBuffer(head, (int) (phys - first), size);
            }
            byte[] out = new byte[size];
            int copied = 0;
            for (long start = first; start <= last; start += block) {
                byte[] bytes = start == first ? head : block(entry, start);
                int from = (int) Math.max(0, phys - start);
                int length = Math.min(bytes.length - from, size - copied);
                System.arraycopy(bytes, from, out, copied, length);
                copied += length;
            }
            return Unpooled.wrappedBuffer(out);
        } catch (IOException e) {
            stats.tierReadFailures.incrementAndGet();
            throw new UncheckedIOException(e);
        }
    }

    private long blockStart(UploadManifest.Entry entry, long offset) {
        long base = entry.baseOffset();
        return base + (offset - base) / block * block;
    }

    /** The block beginning at {@code start}, from the cache or fetched (and checked) into it. */
    private byte[] block(UploadManifest.Entry entry, long start) throws IOException {
        byte[] cached = cache.get(start);
        if (cached != null) {
            stats.cacheHits.incrementAndGet();
            ahead.used(start);
            return cached;
        }
        byte[] awaited = ahead.awaitInFlight(start);
        if (awaited != null) {
            stats.cacheHits.incrementAndGet();
            return awaited;
        }
        stats.cacheMisses.incrementAndGet();
        byte[] fetched = fetch(entry, start);
        cache.put(start, fetched);
        return fetched;
    }

    /** One ranged GET of the block beginning at {@code start}, its length checked. */
    private byte[] fetch(UploadManifest.Entry entry, long start) throws IOException {
        long base = entry.baseOffset();
        int length = (int) Math.min(block, base + entry.length() - start);
        String key = key(base);
        long began = System.nanoTime();
        byte[] fetched = objects.get(key, start - base, length);
        stats.readLatency.record(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - began));
        if (fetched.length != length) {
            throw new IOException(
                    key
                            + ": "
                            + fetched.length
                            + " bytes at "
                            + (start - base)
                            + ", not "
                            + length);
        }
        stats.bytesFetched.addAndGet(length);
        return fetched;
    }

    /**
     * After a sequential reader's read ending in the block at {@code lastBlock}: the next {@link
     * ReadAhead#depth()} blocks, into the next segment's when this one ends, fetched ahead.
     */
    private void readAhead(UploadManifest.Entry entry, long phys, int size, long lastBlock) {
        if (ahead.depth() == 0 || !ahead.sequential(phys, size)) {
            return;
        }
        UploadManifest.Entry owner = entry;
        long start = lastBlock;
        for (int i = 0; i < ahead.depth(); i++) {
            start += block;
            if (start >= owner.baseOffset() + owner.length()) {
                owner = manifest.covering(owner.baseOffset() + owner.length());
                if (owner == null) {
                    return;
                }
                start = owner.baseOffset();
            }
            UploadManifest.Entry segment = owner;
            ahead.schedule(start, s -> fetch(segment, s));
        }
    }

    /** Stops the read-ahead's thread. */
    @Override
    public void close() {
        ahead.close();
    }
}
