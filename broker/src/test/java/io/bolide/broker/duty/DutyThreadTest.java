package io.bolide.broker.duty;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class DutyThreadTest {
    @Test
    void runsDutiesOnItsNamedThreadAndKeepsAFailingOneRunning() throws InterruptedException {
        CountDownLatch runs = new CountDownLatch(3);
        String[] name = new String[1];
        PeriodicDuty failing =
                PeriodicDuty.atFixedRate(
                        "failing",
                        0,
                        1,
                        () -> {
                            name[0] = Thread.currentThread().getName();
                            runs.countDown();
                            throw new IllegalStateException("boom");
                        });
        DutyThread thread = DutyThread.start("test-duties", List.of(failing));
        try {
            assertThat(runs.await(10, TimeUnit.SECONDS)).isTrue();
        } finally {
            thread.close();
        }
        assertThat(name[0]).isEqualTo("test-duties");
    }

    @Test
    void runsAOneOffTaskWhileTheOnlyDutyIsFarOff() throws InterruptedException {
        CountDownLatch ran = new CountDownLatch(1);
        PeriodicDuty hourly = PeriodicDuty.atFixedRate("hourly", 3_600_000, 3_600_000, () -> {});
        DutyThread thread = DutyThread.start("test-duties", List.of(hourly));
        try {
            thread.schedule(ran::countDown, 5);
            assertThat(ran.await(10, TimeUnit.SECONDS)).isTrue();
        } finally {
            thread.close();
        }
        assertThatThrownBy(() -> thread.schedule(() -> {}, 0))
                .isInstanceOf(RejectedExecutionException.class);
    }
}
