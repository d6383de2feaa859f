package io.bolide.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.testsupport.MutableClock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RetentionTest {
    /** 2026-01-01T04:30Z: inside delete hour 4 (UTC). */
    private static final long AT_FOUR = 1_767_241_800_000L;

    private static final long HOUR = 3_600_000L;

    @TempDir Path dir;
    private MessageStore store;

    @AfterEach
    void closeStore() throws Exception {
        if (store != null) {
            store.close();
        }
    }

    private void open(MutableClock clock, double diskThreshold) throws Exception {
        store =
                MessageStore.open(
                        MessageStoreTest.small(dir)
                                .index(16, 40)
                                .clock(clock)
                                .retention(1, 4, diskThreshold)
                                .retentionIntervalMs(3_600_000)
                                .build());
        for (int i = 0; i < 300; i++) {
            store.put(
                            TestRecords.record(
                                    "T",
                                    0,
                                    i + "x".repeat(1000),
                                    TestRecords.props("KEYS", "k" + i)))
                    .join();
        }
        MessageStoreTest.awaitDispatched(store);
    }

    private long count(String sub) throws Exception {
        try (Stream<Path> files = Files.list(dir.resolve(sub))) {
            return files.count();
        }
    }

    private void ageAllSegments(long millis) throws Exception {
        try (Stream<Path> files = Files.list(dir.resolve("commitlog"))) {
            for (Path file : files.toList()) {
                Files.setLastModifiedTime(file, FileTime.fromMillis(millis));
            }
        }
    }

    @Test
    void shouldDeleteExpiredSegmentsAtDeleteHourButNeverTheActiveOne() throws Exception {
        MutableClock clock = new MutableClock(AT_FOUR);
        open(clock, 1.0);
        long segments = count("commitlog");
        long indexFiles = count("index");
        assertThat(segments).isGreaterThan(3);
        ageAllSegments(AT_FOUR - 2 * HOUR);

        assertThat(store.runRetention()).isEqualTo((int) segments - 1);
        assertThat(count("commitlog")).isEqualTo(1);
        assertThat(count("index")).isLessThan(indexFiles);
        long min = store.minOffset("T", 0);
        assertThat(min).isGreaterThan(0);
        GetResult tooSmall = store.getMessages("T", 0, 0, 1, 1 << 20, null);
        assertThat(tooSmall.status()).isEqualTo(GetStatus.OFFSET_TOO_SMALL);
        assertThat(tooSmall.nextBeginOffset()).isEqualTo(min);
        GetResult first = store.getMessages("T", 0, min, 1, 1 << 20, null);
        assertThat(first.status()).isEqualTo(GetStatus.FOUND);
        assertThat(TestRecords.physicalOffset(first.messages().get(0)))
                .isGreaterThanOrEqualTo(store.minPhysicalOffset());
        first.release();
        assertThat(count("consumequeue/T/0")).isLessThanOrEqualTo(2);
    }

    @Test
    void shouldKeepExpiredSegmentsOutsideTheDeleteHour() throws Exception {
        MutableClock clock = new MutableClock(AT_FOUR + 3 * HOUR);
        open(clock, 1.0);
        ageAllSegments(AT_FOUR - 10 * HOUR);
        assertThat(store.runRetention()).isZero();
        assertThat(store.minOffset("T", 0)).isZero();
    }

    @Test
    void shouldApplyRetentionRetunedWhileRunningFromTheNextPass() throws Exception {
        MutableClock clock = new MutableClock(AT_FOUR + 3 * HOUR);
        open(clock, 1.0);
        ageAllSegments(AT_FOUR - 10 * HOUR);
        assertThat(store.runRetention()).isZero();

        store.tuning().retention(new Retention(20, 7, 1.0));
        assertThat(store.tuning().retention()).isEqualTo(new Retention(20, 7, 1.0));
        assertThat(store.runRetention()).as("segments are 13 h old, 20 h are kept").isZero();

        store.tuning().retention(new Retention(12, 7, 1.0));
        assertThat(store.runRetention()).isPositive();
        assertThat(count("commitlog")).isEqualTo(1);
    }

    @Test
    void shouldDeleteOldestSegmentWhenDiskUsageIsAboveThresholdEvenIfFresh() throws Exception {
        MutableClock clock = new MutableClock(AT_FOUR + 3 * HOUR);
        open(clock, 0.000_001);
        ageAllSegments(AT_FOUR + 3 * HOUR);
        long segments = count("commitlog");
        assertThat(store.runRetention()).isEqualTo(1);
        assertThat(count("commitlog")).isEqualTo(segments - 1);
        for (int i = 0; i < segments + 3; i++) {
            store.runRetention();
        }
        assertThat(count("commitlog")).isEqualTo(1);
        assertThat(store.put(TestRecords.record("T", 0, "after", "")).join().isOk()).isTrue();
    }
}
