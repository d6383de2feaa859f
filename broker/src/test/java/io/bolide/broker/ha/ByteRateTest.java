package io.bolide.broker.ha;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ByteRateTest {
    private static final long SECOND = 1_000_000_000L;

    @Test
    void shouldReportWhatTheLastWholeSecondCarried() {
        ByteRate rate = new ByteRate();
        rate.add(100, 0);
        rate.add(50, SECOND / 2);
        assertThat(rate.lastSecond()).isZero();
        rate.roll(SECOND);
        assertThat(rate.lastSecond()).isEqualTo(150);
        rate.add(7, SECOND + 10);
        rate.roll(2 * SECOND + 5);
        assertThat(rate.lastSecond()).isEqualTo(7);
    }

    @Test
    void shouldReportZeroAfterAnIdleGapOfSeconds() {
        ByteRate rate = new ByteRate();
        rate.add(100, 0);
        rate.roll(5 * SECOND);
        assertThat(rate.lastSecond()).isZero();
    }
}
