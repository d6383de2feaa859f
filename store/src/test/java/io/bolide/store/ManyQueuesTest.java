package io.bolide.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Consume queues by the thousand (one per lite topic, issue #34): they hold no file descriptor
 * between uses, and their mappings stay under the budget's window count, each queue still read back
 * whole after its window was retired.
 */
class ManyQueuesTest {
    private static final int QUEUES = 600;
    private static final int MAX_WINDOWS = 100;

    @TempDir Path dir;
    private ConsumeQueueTable table;

    @AfterEach
    void close() throws IOException {
        if (table != null) {
            table.close();
        }
    }

    private ConsumeQueueTable open(MappingBudget budget) {
        table =
                new ConsumeQueueTable(
                        dir.resolve("consumequeue"),
                        20 * 1000,
                        false,
                        new WindowPlan(WindowPlan.DEFAULT_WINDOW, 0, budget));
        return table;
    }

    @Test
    void shouldHoldNoDescriptorPerQueue() throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/fd")), "needs /proc/self/fd");
        open(new MappingBudget(Long.MAX_VALUE, MAX_WINDOWS * 100));
        long before = openFiles();
        for (int q = 0; q < QUEUES; q++) {
            table.findOrCreate("%LMQ%$P$lite-" + q, 0).append(0, q * 100L, 100, 0);
        }
        assertThat(openFiles() - before).as("descriptors opened and kept").isLessThan(20);
    }

    @Test
    void shouldKeepTheWindowCountUnderTheBudgetAndReadEveryQueueBack() throws Exception {
        MappingBudget budget = new MappingBudget(Long.MAX_VALUE, MAX_WINDOWS);
        open(budget);
        for (int q = 0; q < QUEUES; q++) {
            table.findOrCreate("%LMQ%$P$lite-" + q, 0).append(0, q * 100L, 100, 0);
            if (q % 50 == 49) {
                budget.trim();
                budget.trim();
            }
        }
        budget.trim();
        budget.trim();
        assertThat(budget.mappedWindows()).isLessThanOrEqualTo(MAX_WINDOWS);
        for (int q = 0; q < QUEUES; q++) {
            ConsumeQueue queue = table.find("%LMQ%$P$lite-" + q, 0);
            assertThat(queue.phys(0)).as("queue %d", q).isEqualTo(q * 100L);
            assertThat(queue.size(0)).isEqualTo(100);
        }
    }

    @Test
    void shouldTrimWhileLoadingMoreQueuesThanTheBudgetMaps() throws Exception {
        open(new MappingBudget(Long.MAX_VALUE, MAX_WINDOWS * 100));
        for (int q = 0; q < QUEUES; q++) {
            table.findOrCreate("T" + q, 0).append(0, q * 100L, 100, 0);
        }
        table.close();
        table = null;
        MappingBudget budget = new MappingBudget(Long.MAX_VALUE, MAX_WINDOWS);
        open(budget);
        CommitLog log = StoreParts.commitLog(dir);
        try {
            table.load(log, Long.MAX_VALUE);
        } finally {
            log.chain().close();
        }
        assertThat(table.all()).hasSize(QUEUES);
        assertThat(budget.mappedWindows())
                .as("trimmed as it maps, not only when the eviction agent runs")
                .isLessThanOrEqualTo(MAX_WINDOWS + 1);
    }

    private static long openFiles() throws IOException {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.count();
        }
    }
}
