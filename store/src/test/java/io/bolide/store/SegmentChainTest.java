package io.bolide.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Segments and their chain: lookup by offset, creation, deletion, loading, flushing. */
class SegmentChainTest {
    private static final int SIZE = 4096;

    @TempDir Path dir;
    private SegmentChain chain;

    @AfterEach
    void close() throws Exception {
        if (chain != null) {
            chain.close();
        }
    }

    private SegmentChain open() {
        chain = new SegmentChain(dir, SIZE, false);
        return chain;
    }

    @Test
    void shouldFindTheSegmentHoldingEachOffset() throws Exception {
        open();
        assertThat(chain.isEmpty()).isTrue();
        assertThat(chain.find(0)).isNull();
        assertThat(chain.minOffset()).isZero();
        MappedSegment a = chain.create(2 * SIZE);
        MappedSegment b = chain.create(3 * SIZE);
        assertThat(chain.minOffset()).isEqualTo(2 * SIZE);
        assertThat(chain.find(2 * SIZE)).isSameAs(a);
        assertThat(chain.find(3 * SIZE - 1)).isSameAs(a);
        assertThat(chain.find(3 * SIZE)).isSameAs(b);
        assertThat(chain.find(4 * SIZE - 1)).isSameAs(b);
        assertThat(chain.find(4 * SIZE)).as("past the end").isNull();
        assertThat(chain.find(2 * SIZE - 1)).as("below the first").isNull();
        assertThat(chain.first()).isSameAs(a);
        assertThat(chain.last()).isSameAs(b);
    }

    @Test
    void shouldNameFilesByTheirFirstOffset() throws Exception {
        open().create(SIZE);
        assertThat(dir.resolve("00000000000000004096")).exists().hasSize(SIZE);
    }

    @Test
    void shouldDeleteTheOldestAndEverythingFromAnOffset() throws Exception {
        open();
        for (int i = 0; i < 4; i++) {
            chain.create((long) i * SIZE);
        }
        chain.deleteFirst();
        assertThat(chain.minOffset()).isEqualTo(SIZE);
        assertThat(dir.resolve(StoreFiles.name(0))).doesNotExist();
        chain.deleteFrom(2 * SIZE + 1); // inside the third: it stays
        assertThat(chain.all()).hasSize(2);
        chain.deleteFrom(2 * SIZE);
        assertThat(chain.all()).hasSize(1);
        assertThat(StoreFiles.numberedFiles(dir)).hasSize(1);
        chain.deleteAll();
        assertThat(chain.isEmpty()).isTrue();
        chain.deleteFirst(); // nothing left: no-op
        assertThat(StoreFiles.numberedFiles(dir)).isEmpty();
    }

    @Test
    void shouldLoadExistingFilesAsFullAndCompleteAShortOne() throws Exception {
        open();
        MappedSegment first = chain.create(0);
        first.putLong(8, 0x1122334455667788L);
        chain.close();
        Files.write(dir.resolve(StoreFiles.name(SIZE)), new byte[100]); // cut short by a crash
        Files.write(dir.resolve("checkpoint"), new byte[10]); // not a segment

        open().load();
        assertThat(chain.all()).hasSize(2);
        assertThat(chain.first().getLong(8, -1)).isEqualTo(0x1122334455667788L);
        assertThat(chain.last().size()).isEqualTo(SIZE);
        assertThat(Files.size(dir.resolve(StoreFiles.name(SIZE)))).isEqualTo(SIZE);
        assertThat(chain.first().wrotePosition()).isEqualTo(SIZE);
        assertThat(chain.first().flushedPosition()).isEqualTo(SIZE);
    }

    @Test
    void shouldFlushOnlyTheSegmentsInTheRange() throws Exception {
        open();
        MappedSegment a = chain.create(0);
        MappedSegment b = chain.create(SIZE);
        MappedSegment c = chain.create(2 * SIZE);
        chain.flush(SIZE + 100, SIZE + 300);
        assertThat(a.flushedPosition()).isZero();
        assertThat(b.flushedPosition()).isEqualTo(300);
        assertThat(c.flushedPosition()).isZero();
        chain.flush(SIZE + 300, 2 * SIZE + 10);
        assertThat(b.flushedPosition()).isEqualTo(SIZE);
        assertThat(c.flushedPosition()).isEqualTo(10);
    }

    @Test
    void shouldHandOutSlicesThatSeeTheMappedBytesAndOutliveTheFile() throws Exception {
        open();
        MappedSegment segment = chain.create(0);
        segment.putInt(16, 42);
        ByteBuf slice = segment.retainedSlice(16, 4);
        try {
            chain.deleteAll();
            assertThat(slice.getInt(0)).as("still mapped after deletion").isEqualTo(42);
        } finally {
            slice.release();
        }
    }

    @Test
    void shouldReserveSpaceAheadOfTheWriterOnlyOnce() throws Exception {
        MappedSegment segment = MappedSegment.create(dir, 0, SIZE * 4, 0, StoreFiles.PAGE_GRAIN);
        try {
            assertThat(segment.reservedPosition()).isZero();
            segment.reserve(SIZE);
            assertThat(segment.reservedPosition()).isEqualTo(SIZE);
            segment.reserve(SIZE / 2);
            assertThat(segment.reservedPosition()).as("never shrinks").isEqualTo(SIZE);
            segment.reserve(SIZE * 100);
            assertThat(segment.reservedPosition()).as("capped at the size").isEqualTo(SIZE * 4);
            segment.resetReservation(100);
            assertThat(segment.reservedPosition()).isEqualTo(100);
        } finally {
            segment.close();
        }
    }

    @Test
    void shouldCountAFileCreatedZeroFilledAsReserved() throws Exception {
        chain = new SegmentChain(dir, SIZE, true);
        assertThat(chain.create(0).reservedPosition()).isEqualTo(SIZE);
        assertThat(chain.zeroFill()).isTrue();
    }
}
