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
}
