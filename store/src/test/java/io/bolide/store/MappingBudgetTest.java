package io.bolide.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Windows under a budget: cold ones are unmapped, read again on demand, and never under a user. */
class MappingBudgetTest {
    static final int WINDOW = 64 << 10;
    static final int OVERLAP = 4 << 10;
    static final int SIZE = 4 << 20;

    @TempDir Path dir;
    private MappingBudget budget;
    private SegmentChain chain;

    @BeforeEach
    void open() {
        budget = new MappingBudget(256 << 10);
        chain =
                new SegmentChain(
                        dir,
                        SIZE,
                        false,
                        SIZE,
                        StoreFiles.PAGE_GRAIN,
                        new WindowPlan(WINDOW, OVERLAP, budget));
    }

    @AfterEach
    void close() throws IOException {
        chain.close();
    }

    @Test
    void shouldKeepTheTouchedMappingsUnderTheLimitWhileWritingMoreThanIt() throws Exception {
        MappedSegment segment = chain.create(0);
        for (int pos = 0; pos < SIZE; pos += 8) {
            segment.putLong(pos, pos);
            if (pos % WINDOW == 0) {
                budget.trim();
                budget.trim();
            }
        }
        budget.trim();
        budget.trim();
        assertThat(budget.residentEstimate()).isLessThanOrEqualTo(256 << 10);
        assertThat(mappings(segment.path()))
                .as("windows still mapped (of %d written)", SIZE / WINDOW)
                .isLessThanOrEqualTo(256 / 64 + 2);
        for (int pos = 0; pos < SIZE; pos += 4096) {
            assertThat(segment.getLong(pos, -1)).as("read back at %d", pos).isEqualTo(pos);
        }
    }

    @Test
    void shouldGiveEachAccessOneMappingAcrossWindowBoundaries() throws Exception {
        MappedSegment segment = chain.create(0);
        int pos = WINDOW - 8;
        MappedWindow w = segment.pinned(pos, OVERLAP);
        try {
            assertThat(w.start()).isZero();
            w.buffer().putLong(pos + 100 - w.start(), 7);
        } finally {
            w.unpin();
        }
        assertThat(segment.windowRemaining(pos)).isEqualTo(8 + OVERLAP);
        MappedWindow own = segment.pinned(pos, OVERLAP + 100);
        try {
            assertThat(own.start())
                    .as("longer than the overlap: a mapping of its own")
                    .isEqualTo(pos);
            assertThat(own.buffer().getLong(100)).isEqualTo(7);
        } finally {
            own.unpin();
        }
        assertThat(budget.mappedWindows()).isEqualTo(1);
    }

    @Test
    void shouldUnmapAnEvictedWindowOnlyWhenItsLastSliceIsReleased() throws Exception {
        MappedSegment segment = chain.create(0);
        segment.putLong(16, 42);
        ByteBuf slice = segment.retainedSlice(16, 8);
        MappedWindow w = segment.pinned(16, 8);
        w.unpin();
        assertThat(segment.evict(w)).isTrue();
        assertThat(mappings(segment.path())).as("kept by the slice").isEqualTo(1);
        assertThat(slice.getLong(0)).isEqualTo(42);
        slice.release();
        assertThat(mappings(segment.path())).as("gone with the last slice").isZero();
        assertThat(segment.getLong(16, -1)).as("mapped again on demand").isEqualTo(42);
    }

    @Test
    void shouldUnmapEverythingAtCloseOnceSlicesAreReleased() throws Exception {
        MappedSegment segment = chain.create(0);
        segment.putLong(WINDOW * 3, 5);
        ByteBuf slice = segment.retainedSlice(WINDOW * 3, 8);
        chain.close();
        assertThat(budget.mappedWindows()).isZero();
        assertThat(slice.getLong(0)).isEqualTo(5);
        slice.release();
        assertThat(mappings(segment.path())).isZero();
        assertThat(segment.pin(0, 8)).as("a closed file is not held").isNull();
        assertThat(segment.retainedSlice(0, 8)).isNull();
    }

    /** How many mappings of {@code file} the process has now. */
    static long mappings(Path file) throws IOException {
        Path maps = Paths.get("/proc/self/maps");
        if (!Files.exists(maps)) {
            return 0;
        }
        String name = file.toAbsolutePath().toString();
        List<String> lines = Files.readAllLines(maps);
        return lines.stream().filter(l -> l.endsWith(name)).count();
    }
}
