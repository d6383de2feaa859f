package io.bolide.store;

import static io.bolide.store.StoreParts.append;
import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.testsupport.MutableClock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Retention decided by a hand-moved clock: the delete hour, the reserve time, the run cap. */
class RetentionAgentTest {
    /** 2026-01-01T04:00Z: the start of delete hour 4 (the clock's zone is UTC). */
    private static final long FOUR_AM = 1_767_240_000_000L;

    private static final long HOUR = 3_600_000L;

    @TempDir Path dir;
    private final MutableClock clock = new MutableClock(FOUR_AM);
    private final StoreFailure failure = new StoreFailure();
    private CommitLog log;
    private ConsumeQueueTable queues;
    private IndexService index;

    @AfterEach
    void close() throws Exception {
        log.chain().close();
        queues.close();
        index.close();
    }

    private RetentionAgent open(double diskThreshold) {
        StoreConfig config =
                StoreConfig.builder(dir)
                        .segmentSize(StoreParts.SEGMENT)
                        .consumeQueueFileSize(20 * 4)
                        .index(8, 16)
                        .preallocate(false)
                        .clock(clock)
                        .retention(1, 4, diskThreshold)
                        .retentionIntervalMs(3_600_000)
                        .build();
        log = new CommitLog(StoreParts.chain(dir), config, failure);
        queues = new ConsumeQueueTable(dir.resolve("consumequeue"), 20 * 4, false);
        index = new IndexService(dir.resolve("index"), config);
        return new RetentionAgent(log, queues, index, failure, config);
    }

    /** Appends (and dispatches by hand) until the log has {@code segments} segments. */
    private void fill(int segments) throws Exception {
        ConsumeQueue queue = queues.findOrCreate("T", 0);
        while (log.chain().all().length < segments) {
            PutResult r = append(log, "T", 0, "x".repeat(900));
            queue.append(r.queueOffset(), r.physicalOffset(), r.wroteBytes(), 0);
        }
    }

    private void setModified(long millis) throws Exception {
        for (MappedSegment segment : log.chain().all()) {
            Files.setLastModifiedTime(segment.path(), FileTime.fromMillis(millis));
        }
    }

    @Test
    void shouldDeleteASegmentExactlyWhenItsReserveTimeHasPassed() throws Exception {
        RetentionAgent agent = open(1.0);
        fill(3);
        setModified(FOUR_AM - HOUR + 1);
        assertThat(agent.runOnce()).as("a millisecond short of an hour").isZero();
        clock.advance(Duration.ofMillis(1));
        assertThat(agent.runOnce()).isEqualTo(2);
        assertThat(log.chain().all()).as("never the active segment").hasSize(1);
    }

    @Test
    void shouldDeleteOnlyWithinTheDeleteHour() throws Exception {
        RetentionAgent agent = open(1.0);
        fill(3);
        setModified(FOUR_AM - 10 * HOUR);
        clock.set(FOUR_AM - 1);
        assertThat(agent.runOnce()).as("03:59:59.999").isZero();
        clock.set(FOUR_AM + HOUR);
        assertThat(agent.runOnce()).as("05:00").isZero();
        clock.set(FOUR_AM + HOUR - 1);
        assertThat(agent.runOnce()).as("04:59:59.999").isEqualTo(2);
    }

    @Test
    void shouldDeleteAtMostTenSegmentsPerRun() throws Exception {
        RetentionAgent agent = open(1.0);
        fill(14);
        setModified(FOUR_AM - 2 * HOUR);
        assertThat(agent.runOnce()).isEqualTo(10);
        assertThat(agent.runOnce()).isEqualTo(3);
        assertThat(agent.runOnce()).isZero();
        assertThat(log.chain().all()).hasSize(1);
    }

    @Test
    void shouldDeleteOneFreshSegmentPerRunWhileTheDiskIsFull() throws Exception {
        RetentionAgent agent = open(0.000_001);
        fill(4);
        clock.set(FOUR_AM + 6 * HOUR); // outside the delete hour
        setModified(clock.millis());
        assertThat(agent.runOnce()).isEqualTo(1);
        assertThat(agent.runOnce()).isEqualTo(1);
        assertThat(log.chain().all()).hasSize(2);
    }

    @Test
    void shouldTakeTheConsumeQueueAlongWithTheCommitLog() throws Exception {
        RetentionAgent agent = open(1.0);
        fill(4);
        ConsumeQueue queue = queues.find("T", 0);
        int queueFiles = queue.files().all().length;
        setModified(FOUR_AM - 2 * HOUR);
        assertThat(agent.runOnce()).isEqualTo(3);
        long min = log.minOffset();
        assertThat(queue.phys(queue.minOffset())).isGreaterThanOrEqualTo(min);
        assertThat(queue.phys(queue.minOffset() - 1))
                .satisfiesAnyOf(
                        phys -> assertThat(phys).isLessThan(min),
                        phys -> assertThat(phys).isEqualTo(-1L));
        assertThat(queue.files().all().length).isLessThan(queueFiles);
    }

    @Test
    void shouldWaitForItsIntervalBetweenRuns() throws Exception {
        RetentionAgent agent = open(1.0);
        fill(3);
        setModified(FOUR_AM - 2 * HOUR);
        assertThat(agent.doWork()).as("the first interval has not passed").isZero();
        assertThat(log.chain().all()).hasSize(3);
    }
}
