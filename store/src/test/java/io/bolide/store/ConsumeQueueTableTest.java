package io.bolide.store;

import static io.bolide.store.StoreParts.append;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConsumeQueueTableTest {
    @TempDir Path dir;
    private ConsumeQueueTable table;
    private CommitLog log;

    @AfterEach
    void close() throws Exception {
        if (table != null) {
            table.close();
        }
        if (log != null) {
            log.chain().close();
        }
    }

    private ConsumeQueueTable open() {
        table = new ConsumeQueueTable(dir.resolve("consumequeue"), 200, false);
        return table;
    }

    @Test
    void shouldCreateAQueueOnceAndFindItAgain() {
        open();
        assertThat(table.find("T", 0)).isNull();
        ConsumeQueue queue = table.findOrCreate("T", 0);
        assertThat(table.findOrCreate("T", 0)).isSameAs(queue);
        assertThat(table.find("T", 0)).isSameAs(queue);
        assertThat(table.find("T", 1)).isNull();
        table.findOrCreate("U", 5);
        assertThat(table.all()).hasSize(2);
    }

    @Test
    void shouldLoadEveryQueueDirectoryAndIgnoreStrayOnes() throws Exception {
        log = StoreParts.commitLog(dir);
        open();
        for (int q = 0; q < 3; q++) {
            PutResult r = append(log, "T", q, "m" + q);
            table.findOrCreate("T", q)
                    .append(r.queueOffset(), r.physicalOffset(), r.wroteBytes(), 0);
        }
        table.close();
        Files.createDirectories(dir.resolve("consumequeue/T/not-a-queue"));
        Files.createDirectories(dir.resolve("consumequeue/T/999999"));

        open().load(log, log.writtenOffset());
        assertThat(table.all()).hasSize(3);
        for (int q = 0; q < 3; q++) {
            assertThat(table.find("T", q).maxOffset()).as("queue %d", q).isEqualTo(1);
        }
    }

    @Test
    void shouldDeleteATopicsQueuesAndDirectory() throws Exception {
        open();
        table.findOrCreate("T", 0).append(0, 0, 100, 0);
        table.findOrCreate("T", 1).append(0, 100, 100, 0);
        table.findOrCreate("U", 0).append(0, 200, 100, 0);
        assertThat(table.deleteTopic("T")).isTrue();
        assertThat(table.deleteTopic("T")).isFalse();
        assertThat(dir.resolve("consumequeue/T")).doesNotExist();
        assertThat(table.find("T", 0)).isNull();
        assertThat(table.find("U", 0).maxOffset()).isEqualTo(1);
    }

    @Test
    void shouldLoadNothingWhenThereIsNoDirectory() throws Exception {
        log = StoreParts.commitLog(dir);
        open().load(log, 0);
        assertThat(table.all()).isEmpty();
    }

    /**
     * A queue with a gap of empty entries (5 and 6) before its last one (7): searched from the end
     * its tail is 8; started from a recorded tail of 5 (the entries agree: 4 written, 5 empty) it
     * is 5. So the recorded tail is what a clean start uses, and only then.
     */
    @Test
    void shouldStartFromTheTailsRecordedAtACleanStopAndOnlyThen() throws Exception {
        log = StoreParts.commitLog(dir);
        open();
        ConsumeQueue queue = table.findOrCreate("T", 0);
        PutResult r = null;
        for (int i = 0; i < 8; i++) {
            r = append(log, "T", 0, "m" + i);
            if (i < 5 || i == 7) {
                queue.append(i, r.physicalOffset(), r.wroteBytes(), 0);
            }
        }
        assertThat(queue.maxOffset()).isEqualTo(8);
        table.close();
        Path cq = dir.resolve("consumequeue");
        QueueTails.write(cq, java.util.List.of(queueAt(5)));

        open().load(log, log.writtenOffset(), false);
        assertThat(table.find("T", 0).maxOffset()).as("after a crash: searched").isEqualTo(8);
        assertThat(cq.resolve(QueueTails.FILE_NAME)).as("read once, then gone").doesNotExist();
        table.close();

        QueueTails.write(cq, java.util.List.of(queueAt(5)));
        open().load(log, log.writtenOffset(), true);
        assertThat(table.find("T", 0).maxOffset()).as("after a clean stop: recorded").isEqualTo(5);
        table.close();

        QueueTails.write(cq, java.util.List.of(queueAt(6)));
        open().load(log, log.writtenOffset(), true);
        assertThat(table.find("T", 0).maxOffset())
                .as("a recorded tail the entries contradict (5 is empty): searched from the end")
                .isEqualTo(8);
    }

    @Test
    void shouldIgnoreATailsFileThatDoesNotCheck() throws Exception {
        Path cq = Files.createDirectories(dir.resolve("consumequeue"));
        QueueTails.write(cq, java.util.List.of(queueAt(3)));
        byte[] data = Files.readAllBytes(cq.resolve(QueueTails.FILE_NAME));
        assertThat(QueueTails.parse(data)).containsEntry("T/0", 3L);
        data[6] ^= 1;
        assertThat(QueueTails.parse(data)).isEmpty();
        assertThat(QueueTails.parse(java.util.Arrays.copyOf(data, 5))).isEmpty();
        assertThat(QueueTails.parse(new byte[0])).isEmpty();
    }

    /** A queue "T"/0 reporting {@code max} (its files are not touched). */
    private ConsumeQueue queueAt(long max) throws Exception {
        ConsumeQueue q = new ConsumeQueue("T", 0, dir.resolve("scratch"), 200, false);
        for (long i = 0; i < max; i++) {
            q.append(i, 1000 + i, 10, 0);
        }
        return q;
    }
}
