package io.bolide.broker.duty;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class PeriodicDutyTest {
    private long now = 1_000;

    private long ms(long millis) {
        return TimeUnit.MILLISECONDS.toNanos(millis);
    }

    @Test
    void fixedRateRunsAfterTheFirstDelayThenEveryPeriodFromTheFirstDueTime() {
        AtomicInteger runs = new AtomicInteger();
        PeriodicDuty duty =
                PeriodicDuty.atFixedRate("d", 100, 50, () -> now, runs::incrementAndGet);
        assertThat(duty.doWork()).isZero();
        now += ms(100);
        assertThat(duty.doWork()).isEqualTo(1);
        assertThat(duty.doWork()).isZero();
        now += ms(70); // late: the next due time is still 150 ms after the start
        assertThat(duty.doWork()).isEqualTo(1);
        assertThat(duty.nanosUntilDue()).isEqualTo(ms(30)); // due at 200 ms, not 220
        assertThat(runs).hasValue(2);
    }

    @Test
    void fixedDelayCountsThePeriodFromTheEndOfTheRun() {
        PeriodicDuty duty = PeriodicDuty.withFixedDelay("d", 10, 10, () -> now, () -> now += ms(5));
        now += ms(10);
        assertThat(duty.doWork()).isEqualTo(1);
        assertThat(duty.nanosUntilDue()).isEqualTo(ms(10));
    }

    @Test
    void aChangedPeriodMovesTheNextDueTimeByTheDifference() {
        long[] periodMs = {1000};
        AtomicInteger runs = new AtomicInteger();
        PeriodicDuty duty =
                PeriodicDuty.withFixedDelay(
                        "d", 1000, () -> periodMs[0], () -> now, runs::incrementAndGet);
        now += ms(1000);
        assertThat(duty.doWork()).isEqualTo(1);
        assertThat(duty.nanosUntilDue()).isEqualTo(ms(1000));
        now += ms(100);
        periodMs[0] = 200; // shortened: due 200 ms after the last run, 100 ms from now
        assertThat(duty.nanosUntilDue()).isEqualTo(ms(100));
        now += ms(100);
        assertThat(duty.doWork()).isEqualTo(1);
        assertThat(duty.nanosUntilDue()).isEqualTo(ms(200));
        periodMs[0] = 0; // not a period: the one in force stays
        assertThat(duty.nanosUntilDue()).isEqualTo(ms(200));
        assertThat(runs).hasValue(2);
    }

    @Test
    void aFailingDutyIsLoggedAndStaysDue() {
        AtomicInteger runs = new AtomicInteger();
        PeriodicDuty duty =
                PeriodicDuty.atFixedRate(
                        "d",
                        0,
                        10,
                        () -> now,
                        () -> {
                            runs.incrementAndGet();
                            throw new IllegalStateException("boom");
                        });
        assertThat(duty.doWork()).isEqualTo(1);
        now += ms(10);
        assertThat(duty.doWork()).isEqualTo(1);
        assertThat(runs).hasValue(2);
    }
}
