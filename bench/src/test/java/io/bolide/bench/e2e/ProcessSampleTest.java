package io.bolide.bench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProcessSampleTest {
    private static final int PID = (int) ProcessHandle.current().pid();

    @Test
    void shouldReadTheSameCpuTimeAsTheJdkReportsForThisProcess() throws Exception {
        burnCpu(Duration.ofMillis(300));
        long jdkBefore = jdkCpuMicros();
        long fromProc = ProcessSample.cpuMicros(List.of(PID), 100);
        long jdkAfter = jdkCpuMicros();

        // /proc has 10 ms ticks; the JDK reads the same counters, so they agree within a few ticks.
        assertThat(fromProc).isBetween(jdkBefore - 50_000, jdkAfter + 50_000);
        assertThat(fromProc).isGreaterThan(200_000);
    }

    @Test
    void shouldSumCpuTimeOverEveryListedProcess() throws Exception {
        // This process's CPU time only grows: reads before and after bracket both halves of the
        // sum, however long this thread is descheduled in between on a loaded host.
        long before = ProcessSample.cpuMicros(List.of(PID), 100);
        long twice = ProcessSample.cpuMicros(List.of(PID, PID), 100);
        long after = ProcessSample.cpuMicros(List.of(PID), 100);

        assertThat(before).isPositive();
        assertThat(twice).isBetween(2 * before, 2 * after);
    }

    @Test
    void shouldReadPeakResidentSetInKibibytes() throws Exception {
        // Resident size first: the peak read after it can only be as large or larger.
        long now = ProcessSample.statusKb(PID, "VmRSS");
        long peak = ProcessSample.statusKb(PID, "VmHWM");

        assertThat(now).isPositive();
        assertThat(peak).isGreaterThanOrEqualTo(now);
        assertThat(ProcessSample.statusKb(PID, "NoSuchKey")).isEqualTo(-1);
    }

    private static long jdkCpuMicros() {
        return ProcessHandle.current()
                .info()
                .totalCpuDuration()
                .map(d -> d.toNanos() / 1000)
                .orElseThrow();
    }

    private static void burnCpu(Duration duration) {
        long end = System.nanoTime() + duration.toNanos();
        long x = 0;
        while (System.nanoTime() < end) {
            x += Long.numberOfTrailingZeros(x + System.nanoTime());
        }
        assertThat(x).isNotNegative();
    }
}
