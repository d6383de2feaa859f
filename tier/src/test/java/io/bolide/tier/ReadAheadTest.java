package io.bolide.tier;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The read-ahead's GETs for a sequential reader: several in flight at once, none repeated. */
class ReadAheadTest {
    private static final int BLOCK = 4096;
    private static final int BLOCKS = 24;

    @TempDir Path dir;

    /**
     * An object store of two segments of {@link #BLOCKS} blocks whose ranged GETs are counted per
     * range. A GET of any block but a segment's first waits (up to 20 s) until {@code gate} GETs of
     * such blocks have begun: with fewer in flight at once, the wait runs out.
     */
    private static final class SlowStore implements ObjectStore {
        final Map<String, AtomicInteger> gets = new ConcurrentHashMap<>();
        final AtomicInteger inFlight = new AtomicInteger();
        final AtomicInteger maxInFlight = new AtomicInteger();
        final CountDownLatch gate;

        SlowStore(int gate) {
            this.gate = new CountDownLatch(gate);
        }

        @Override
        public byte[] get(String key, long position, int length) throws IOException {
            gets.computeIfAbsent(key + "@" + position, k -> new AtomicInteger()).incrementAndGet();
            maxInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
            try {
                if (position > 0) {
                    gate.countDown();
                    gate.await(20, TimeUnit.SECONDS);
                }
                return bytes(TieredSegments.baseOffsetOf(key) + position, length);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException(e);
            } finally {
                inFlight.decrementAndGet();
            }
        }

        @Override
        public void put(String key, Path file) {}

        @Override
        public List<String> list(String keyPrefix) {
            return List.of();
        }

        @Override
        public void delete(String key) {}

        @Override
        public void close() {}
    }

    /** The commit log's bytes at {@code offset}: each byte a function of its offset. */
    private static byte[] bytes(long offset, int length) {
        byte[] out = new byte[length];
        for (int i = 0; i < length; i++) {
            out[i] = (byte) ((offset + i) * 31 >>> 3);
        }
        return out;
    }

    @Test
    void aSequentialReaderHasTheDepthsBlocksInFlightAtOnceAndNoBlockTwice() throws IOException {
        long segment = (long) BLOCKS * BLOCK;
        UploadManifest manifest = UploadManifest.load(dir.resolve("manifest"));
        manifest.add(new UploadManifest.Entry(0, segment, 0));
        manifest.add(new UploadManifest.Entry(segment, segment, 0));
        long cacheBytes = 64L * BLOCK;
        int depth = TieredSegments.depth(cacheBytes / BLOCK);
        assertThat(depth).isEqualTo(TieredSegments.MAX_DEPTH);
        SlowStore store = new SlowStore(depth);
        TierStats stats = new TierStats();
        try (TieredSegments segments =
                new TieredSegments(manifest, store, cacheBytes, BLOCK, 0, stats)) {
            // A consumer reading forward in records of 1,000 bytes, across both segments.
            int record = 1000;
            for (long phys = 0; phys + record <= 2 * segment; phys += record) {
                if (phys / segment != (phys + record - 1) / segment) {
                    phys = (phys / segment + 1) * segment;
                }
                ByteBuf read = segments.read(phys, record);
                try {
                    assertThat(ByteBufUtil.getBytes(read)).isEqualTo(bytes(phys, record));
                } finally {
                    read.release();
                }
            }
        }
        assertThat(store.maxInFlight.get()).as("GETs in flight at once").isEqualTo(depth);
        assertThat(store.gets).hasSize(2 * BLOCKS);
        assertThat(store.gets.values().stream().mapToInt(AtomicInteger::get).toArray())
                .as("GETs per block")
                .containsOnly(1);
        // All but the first block were fetched ahead, and used.
        assertThat(stats.readAheadBlocks()).isEqualTo(2 * BLOCKS - 1);
        assertThat(stats.readAheadHits()).isEqualTo(2 * BLOCKS - 1);
        assertThat(store.gate.getCount()).isZero();
    }
}
