package io.bolide.broker.table;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** One write per burst, with a fake clock and a hand-run delayer. */
class DeferredPersistTest {
    private final List<Runnable> scheduled = new ArrayList<>();
    private final List<Long> delays = new ArrayList<>();
    private long nanos;
    private int writes;
    private long writeTakesNanos;

    private final DeferredPersist persist =
            new DeferredPersist(
                    (task, delayMillis) -> {
                        scheduled.add(task);
                        delays.add(delayMillis);
                    },
                    () -> {
                        writes++;
                        nanos += writeTakesNanos;
                    },
                    () -> nanos);

    private void runScheduled() {
        List<Runnable> due = new ArrayList<>(scheduled);
        scheduled.clear();
        due.forEach(Runnable::run);
    }

    @Test
    void shouldWriteOnceForABurstOfChanges() {
        for (int i = 0; i < 10_000; i++) {
            persist.changed();
        }
        assertThat(scheduled).hasSize(1);

        runScheduled();

        assertThat(writes).isEqualTo(1);
        assertThat(delays).containsExactly(DeferredPersist.MIN_DELAY_MS);
    }

    @Test
    void shouldWriteAgainForAChangeAfterTheWrite() {
        persist.changed();
        runScheduled();
        persist.changed();
        runScheduled();

        assertThat(writes).isEqualTo(2);
    }

    @Test
    void shouldSpaceWritesByTheirDurationSoLargeTablesAreNotRewrittenContinuously() {
        writeTakesNanos = TimeUnit.MILLISECONDS.toNanos(300);
        persist.changed();
        runScheduled();
        persist.changed();

        assertThat(delays)
                .containsExactly(
                        DeferredPersist.MIN_DELAY_MS, 300L * DeferredPersist.DELAY_PER_WRITE_TIME);
    }
}
