package io.bolide.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.testsupport.Await;
import io.netty.buffer.ByteBuf;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Readers pin, read and hold slices while an evictor unmaps windows as fast as it can and a writer
 * keeps writing. Touching a window after its unmap would crash the JVM (the test fork dies, the
 * build fails); a wrong byte fails the assertions; a pin never released shows up as a mapping left
 * after the file is closed.
 */
class MappingRaceTest {
    private static final int WINDOW = 16 << 10;
    private static final int OVERLAP = 1 << 10;
    private static final int SIZE = 1 << 20;
    private static final long RUN_NANOS = TimeUnit.MILLISECONDS.toNanos(1000);
    private static final int EVICTIONS = 200;

    @TempDir Path dir;

    private final AtomicLong errors = new AtomicLong();
    private final AtomicLong reads = new AtomicLong();
    private final AtomicLong evictions = new AtomicLong();
    private final AtomicReference<Object> firstError = new AtomicReference<>();
    private volatile boolean stop;

    @Test
    void shouldNeverUnmapAWindowUnderAReaderOrASlice() throws Exception {
        MappingBudget budget = new MappingBudget(WINDOW);
        SegmentChain chain =
                new SegmentChain(
                        dir,
                        SIZE,
                        false,
                        SIZE,
                        StoreFiles.PAGE_GRAIN,
                        new WindowPlan(WINDOW, OVERLAP, budget));
        MappedSegment segment = chain.create(0);
        for (int pos = 0; pos < SIZE; pos += 8) {
            segment.putLong(pos, pattern(pos));
        }
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            threads.add(start("reader-" + i, () -> read(segment)));
        }
        threads.add(start("writer", () -> write(segment)));
        threads.add(start("evictor", () -> evict(segment, budget)));
        // At least a second and enough unmaps, however slowly a loaded host schedules the threads.
        long minEnd = System.nanoTime() + RUN_NANOS;
        try {
            Await.until(
                    Duration.ofSeconds(60),
                    () -> evictions.get() >= EVICTIONS && System.nanoTime() - minEnd > 0,
                    EVICTIONS + " windows unmapped under the readers");
        } finally {
            stop = true;
        }
        for (Thread t : threads) {
            t.join(TimeUnit.SECONDS.toMillis(30));
            assertThat(t.isAlive()).as("%s finished", t.getName()).isFalse();
        }
        chain.close();

        assertThat(errors.get())
                .as("wrong bytes read, or a thread failed; first: %s", firstError.get())
                .isZero();
        assertThat(reads.get()).isPositive();
        assertThat(MappingBudgetTest.mappings(segment.path()))
                .as("mappings left after close: a pin or slice never released")
                .isZero();
    }

    private Thread start(String name, Runnable body) {
        Thread t = new Thread(body, name);
        t.setUncaughtExceptionHandler(
                (thread, e) -> {
                    firstError.compareAndSet(null, e);
                    errors.incrementAndGet();
                });
        t.start();
        return t;
    }

    private static long pattern(int pos) {
        return pos * 31L + 7;
    }

    private static int randomPos(int below) {
        return ThreadLocalRandom.current().nextInt(below / 8) * 8;
    }

    private void read(MappedSegment segment) {
        ArrayDeque<ByteBuf> held = new ArrayDeque<>();
        ArrayDeque<Integer> heldAt = new ArrayDeque<>();
        ThreadLocalRandom random = ThreadLocalRandom.current();
        while (!stop) {
            int pos = randomPos(SIZE - 3 * OVERLAP);
            check(segment.getLong(pos, -1), pos);
            ByteBuf slice = segment.retainedSlice(pos, OVERLAP);
            check(slice.getLong(0), pos);
            check(slice.getLong(OVERLAP - 8), pos + OVERLAP - 8);
            held.add(slice);
            heldAt.add(pos);
            if (held.size() > 16) {
                ByteBuf oldest = held.poll();
                check(oldest.getLong(OVERLAP / 2), heldAt.poll() + OVERLAP / 2);
                oldest.release();
            }
            int len = 8 + random.nextInt(OVERLAP * 2) / 8 * 8;
            MappedWindow w = segment.pinned(pos, len);
            try {
                check(w.buffer().getLong(pos + len - 8 - w.start()), pos + len - 8);
            } finally {
                w.unpin();
            }
            reads.incrementAndGet();
        }
        held.forEach(ByteBuf::release);
    }

    private void check(long value, int pos) {
        if (value != pattern(pos)) {
            firstError.compareAndSet(null, "at " + pos + " read " + value);
            errors.incrementAndGet();
        }
    }

    private void write(MappedSegment segment) {
        while (!stop) {
            int pos = randomPos(SIZE);
            segment.putLong(pos, pattern(pos));
        }
    }

    /** Unmaps whatever a reader may be using: windows just pinned and released, and trims. */
    private void evict(MappedSegment segment, MappingBudget budget) {
        while (!stop) {
            MappedWindow w = segment.pinned(randomPos(SIZE), 8);
            w.unpin();
            if (segment.evict(w)) {
                evictions.incrementAndGet();
            }
            evictions.addAndGet(budget.trim());
        }
    }
}
