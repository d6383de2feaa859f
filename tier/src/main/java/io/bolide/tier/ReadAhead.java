package io.bolide.tier;

import java.io.IOException;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Read-ahead for sequential readers of the tier (#36): a read that continues where an earlier one
 * stopped (within a block of it) marks a sequential reader, and the blocks after the one it reads
 * are fetched into the {@link BlockCache} before they are asked for, by as many threads as the
 * depth, so that a reader's next blocks are all in flight at once (one GET each) rather than one
 * after the other: against a store with a long round trip the reader's rate is the depth's blocks
 * per round trip. A reader that meets a block still being fetched waits for that fetch instead of a
 * second GET, and a block cached or on its way is not fetched again. The fetches queue boundedly;
 * one that does not fit is dropped (the reader fetches it itself).
 */
final class ReadAhead implements AutoCloseable {
    /** Readers told apart: the positions where the last reads of this many of them ended. */
    private static final int STREAMS = 16;

    private static final long WAIT_SECONDS = 30;

    /** Blocks fetched ahead and not read yet that are remembered for the hit count. */
    private static final int MAX_UNREAD = 4096;

    /** Fetches the block beginning at a commit-log offset (checked), or throws. */
    interface Fetch {
        byte[] block(long start) throws IOException;
    }

    private final int depth;
    private final long block;
    private final BlockCache cache;
    private final TierStats stats;
    private final long[] streamEnds = new long[STREAMS];
    private int nextStream;
    private final Map<Long, CompletableFuture<byte[]>> inFlight = new ConcurrentHashMap<>();
    private final Set<Long> unread = ConcurrentHashMap.newKeySet();

    /** The fetching threads (idle ones end after 30 s). */
    private final ThreadPoolExecutor thread;

    ReadAhead(int depth, long block, BlockCache cache, TierStats stats) {
        this.depth = depth;
        this.block = block;
        this.cache = cache;
        this.stats = stats;
        Arrays.fill(streamEnds, -1);
        int threads = Math.max(1, depth);
        this.thread =
                new ThreadPoolExecutor(
                        threads,
                        threads,
                        30,
                        TimeUnit.SECONDS,
                        new ArrayBlockingQueue<>(Math.max(1, 4 * depth)),
                        r -> {
                            Thread t = new Thread(r, "bolide-tier-readahead");
                            t.setDaemon(true);
                            return t;
                        },
                        new ThreadPoolExecutor.AbortPolicy());
        thread.allowCoreThreadTimeOut(true);
    }

    int depth() {
        return depth;
    }

    /**
     * Whether the read of {@code size} bytes at {@code phys} continues a reader's earlier read (the
     * same block or the next one); it becomes that reader's position either way.
     */
    synchronized boolean sequential(long phys, int size) {
        for (int i = 0; i < STREAMS; i++) {
            long end = streamEnds[i];
            if (end >= 0 && end <= phys && phys - end <= block) {
                streamEnds[i] = phys + size;
                return true;
            }
        }
        streamEnds[nextStream] = phys + size;
        nextStream = (nextStream + 1) % STREAMS;
        return false;
    }

    /** Fetches the block at {@code start} in the background unless cached or on its way. */
    void schedule(long start, Fetch fetch) {
        if (depth == 0 || cache.get(start) != null || inFlight.containsKey(start)) {
            return;
        }
        CompletableFuture<byte[]> future = new CompletableFuture<>();
        if (inFlight.putIfAbsent(start, future) != null) {
            return;
        }
        try {
            thread.execute(() -> run(start, fetch, future));
        } catch (RejectedExecutionException e) {
            inFlight.remove(start, future);
            future.complete(null);
        }
    }

    private void run(long start, Fetch fetch, CompletableFuture<byte[]> future) {
        byte[] bytes = null;
        try {
            if (cache.get(start) == null) {
                bytes = fetch.block(start);
                if (unread.size() > MAX_UNREAD) {
                    unread.clear();
                }
                unread.add(start);
                cache.put(start, bytes);
                stats.readAheadBlocks.incrementAndGet();
            }
        } catch (IOException | RuntimeException e) {
            bytes = null;
        } finally {
            future.complete(bytes);
            inFlight.remove(start, future);
        }
    }

    /** A block found in the cache was read: a hit of the read-ahead if it fetched it. */
    void used(long start) {
        if (unread.remove(start)) {
            stats.readAheadHits.incrementAndGet();
        }
    }

    /** The block at {@code start} if a fetch of it is on its way (waited for), else null. */
    byte[] awaitInFlight(long start) {
        CompletableFuture<byte[]> future = inFlight.get(start);
        if (future == null) {
            return null;
        }
        try {
            byte[] bytes = future.get(WAIT_SECONDS, TimeUnit.SECONDS);
            if (bytes != null) {
                used(start);
            }
            return bytes;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        } catch (ExecutionException | TimeoutException e) {
            return null;
        }
    }

    @Override
    public void close() {
        thread.shutdownNow();
    }
}
