package io.bolide.store;

import static io.bolide.store.StoreParts.append;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One queue's 20-byte entries: appending, gaps, files, and trimming at load. */
class ConsumeQueueTest {
    /** Ten entries per file, so a few appends span files. */
    private static final int FILE = 20 * 10;

    @TempDir Path dir;
    private ConsumeQueue queue;
    private CommitLog log;

    @AfterEach
    void close() throws Exception {
        if (queue != null) {
            queue.close();
        }
        if (log != null) {
            log.chain().close();
        }
    }

    private ConsumeQueue open() {
        queue = new ConsumeQueue("T", 3, dir.resolve("cq/T/3"), FILE, false);
        return queue;
    }

    @Test
    void shouldReadBackEachEntrysOffsetSizeAndTagsCode() throws Exception {
        open();
        for (int i = 0; i < 25; i++) {
            queue.append(i, 1000L * i, 100 + i, 7L * i);
        }
        assertThat(queue.minOffset()).isZero();
        assertThat(queue.maxOffset()).isEqualTo(25);
        assertThat(queue.files().all()).as("10 entries per file").hasSize(3);
        for (int i = 0; i < 25; i++) {
            assertThat(queue.phys(i)).isEqualTo(1000L * i);
            assertThat(queue.size(i)).isEqualTo(100 + i);
            assertThat(queue.tagsCode(i)).isEqualTo(7L * i);
        }
        assertThat(queue.phys(30)).as("beyond the files").isEqualTo(-1);
        assertThat(queue.size(30)).isEqualTo(-1);
    }

    @Test
    void shouldSkipEntriesItAlreadyHas() throws Exception {
        open();
        queue.append(0, 10, 100, 1);
        queue.append(1, 110, 100, 2);
        queue.append(0, 999, 999, 999); // dispatch re-reading after a crash
        assertThat(queue.phys(0)).isEqualTo(10);
        assertThat(queue.maxOffset()).isEqualTo(2);
    }

    @Test
    void shouldFillAGapWithEmptyEntries() throws Exception {
        open();
        queue.append(0, 10, 100, 1);
        queue.append(4, 410, 100, 4);
        assertThat(queue.maxOffset()).isEqualTo(5);
        for (long i = 1; i < 4; i++) {
            assertThat(queue.size(i)).as("entry %d", i).isZero();
        }
        assertThat(queue.phys(4)).isEqualTo(410);
    }

    @Test
    void shouldStartANewQueueAtTheFirstOffsetItIsGiven() throws Exception {
        open();
        queue.append(23, 5000, 80, 0);
        assertThat(queue.minOffset()).isEqualTo(23);
        assertThat(queue.maxOffset()).isEqualTo(24);
        assertThat(queue.files().first().baseOffset())
                .as("the file holding entry 23 starts at entry 20")
                .isEqualTo(20 * 20);
    }

    @Test
    void shouldMoveTheMinimumPastEntriesBelowTheCommitLogMinimum() throws Exception {
        open();
        for (int i = 0; i < 8; i++) {
            queue.append(i, 100L * i, 100, 0);
        }
        queue.correctMinOffset(350);
        assertThat(queue.minOffset()).isEqualTo(4);
        queue.correctMinOffset(0);
        assertThat(queue.minOffset()).as("the minimum never goes back").isEqualTo(4);
    }

    @Test
    void shouldDeleteOnlyWholeFilesBelowTheCommitLogMinimumAndNeverTheLast() throws Exception {
        open();
        for (int i = 0; i < 30; i++) {
            queue.append(i, 100L * i, 100, 0);
        }
        assertThat(queue.deleteBelow(1500)).as("entries 0-9 end by 1000").isEqualTo(1);
        assertThat(queue.files().all()).hasSize(2);
        assertThat(queue.minOffset()).isEqualTo(15);
        assertThat(queue.deleteBelow(1_000_000)).as("the last file stays").isEqualTo(1);
        assertThat(queue.files().all()).hasSize(1);
        assertThat(queue.minOffset()).isEqualTo(30);
        assertThat(queue.maxOffset()).isEqualTo(30);
    }

    @Test
    void shouldKeepConfirmedEntriesAndTrimUnconfirmedOnesAtLoad() throws Exception {
        log = StoreParts.commitLog(dir);
        open();
        long[] phys = new long[4];
        int[] sizes = new int[4];
        for (int i = 0; i < 4; i++) {
            PutResult r = append(log, "T", 3, "m" + i);
            phys[i] = r.physicalOffset();
            sizes[i] = r.wroteBytes();
            queue.append(r.queueOffset(), phys[i], sizes[i], 0);
        }
        queue.append(4, phys[3] + sizes[3], 90, 0); // an entry whose record never landed
        queue.close();

        open().load(log, phys[3]); // only records before the fourth are vouched for
        assertThat(queue.maxOffset()).isEqualTo(3);
        assertThat(queue.size(3)).as("trimmed entries are zeroed").isZero();
        assertThat(queue.size(4)).isZero();
        assertThat(queue.phys(2)).isEqualTo(phys[2]);
        queue.close();

        open().load(log, log.writtenOffset());
        assertThat(queue.maxOffset()).as("nothing beyond the zeroed tail comes back").isEqualTo(3);
    }

    /**
     * A new file is mapped at its full size but only its first page is written (zeros, through the
     * channel); space is then written ahead of the entries in doubling steps, and after a restart
     * from the tail on (issue #18: first writes through the mapping into sparse pages read ahead).
     */
    @Test
    void shouldReserveSpaceAheadOfTheEntriesRatherThanZeroFillANewFileWhole() throws Exception {
        int fileSize = ConsumeQueue.ENTRY_SIZE * 3000; // 60,000 bytes, 15 pages
        log = StoreParts.commitLog(dir);
        queue = new ConsumeQueue("T", 3, dir.resolve("cq/T/3"), fileSize, false);
        PutResult first = append(log, "T", 3, "m0");
        queue.append(0, first.physicalOffset(), first.wroteBytes(), 0);
        MappedSegment file = queue.files().last();
        assertThat(Files.size(file.path())).as("mapped at its full size").isEqualTo(fileSize);
        assertThat(file.reservedPosition()).as("one page reserved").isEqualTo(4096);

        for (int i = 1; i < 1000; i++) { // 20,000 bytes of entries
            queue.append(i, first.physicalOffset(), first.wroteBytes(), 0);
        }
        assertThat(file.reservedPosition())
                .as("doubling steps ahead of the writer")
                .isEqualTo(32768);
        queue.close();

        queue = new ConsumeQueue("T", 3, dir.resolve("cq/T/3"), fileSize, false);
        queue.load(log, log.writtenOffset());
        assertThat(queue.maxOffset()).isEqualTo(1);
        assertThat(queue.files().last().reservedPosition())
                .as("a restarted queue reserves again from its tail")
                .isEqualTo(4096);
    }

    @Test
    void shouldNotConfirmAnEntryPointingAtAnotherQueuesRecord() throws Exception {
        log = StoreParts.commitLog(dir);
        open();
        PutResult mine = append(log, "T", 3, "mine");
        PutResult other = append(log, "T", 1, "other");
        queue.append(0, mine.physicalOffset(), mine.wroteBytes(), 0);
        queue.append(1, other.physicalOffset(), other.wroteBytes(), 0);
        queue.close();
        open().load(log, log.writtenOffset());
        assertThat(queue.maxOffset()).isEqualTo(1);
    }

    @Test
    void shouldLoadAnEmptyDirectoryAsAnEmptyQueue() throws Exception {
        log = StoreParts.commitLog(dir);
        open().load(log, 0);
        assertThat(queue.minOffset()).isZero();
        assertThat(queue.maxOffset()).isZero();
        queue.append(0, 0, 100, 0);
        assertThat(queue.maxOffset()).isEqualTo(1);
    }

    @Test
    void shouldForceOnlyWhatWasAppendedSinceTheLastFlush() throws Exception {
        open();
        queue.append(0, 0, 100, 0);
        queue.append(1, 100, 100, 0);
        queue.flush();
        assertThat(queue.files().first().flushedPosition()).isEqualTo(40);
        queue.append(2, 200, 100, 0);
        queue.flush();
        assertThat(queue.files().first().flushedPosition()).isEqualTo(60);
    }

    @Test
    void shouldDeleteItsFiles() throws Exception {
        open();
        queue.append(0, 0, 100, 0);
        Path file = queue.files().first().path();
        queue.delete();
        assertThat(file).doesNotExist();
        assertThat(queue.files().isEmpty()).isTrue();
        queue = null;
    }
}
