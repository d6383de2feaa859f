package io.bolide.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;

class MutableClockTest {
    @Test
    void shouldReadTheSameTimeThroughBothSeams() {
        MutableClock clock = new MutableClock(1_700_000_000_000L);
        Clock asClock = clock;
        LongSupplier asSupplier = clock;
        assertThat(asClock.millis()).isEqualTo(1_700_000_000_000L);
        assertThat(asSupplier.getAsLong()).isEqualTo(1_700_000_000_000L);
        assertThat(asClock.instant()).isEqualTo(Instant.ofEpochMilli(1_700_000_000_000L));
    }

    @Test
    void shouldMoveOnlyWhenTold() {
        MutableClock clock = new MutableClock(1000);
        assertThat(clock.millis()).isEqualTo(1000);
        assertThat(clock.advance(Duration.ofSeconds(2))).isEqualTo(3000);
        assertThat(clock.getAsLong()).isEqualTo(3000);
        clock.set(500);
        assertThat(clock.millis()).as("a wall clock may step back").isEqualTo(500);
    }

    @Test
    void shouldStayTheSameClockInAnyZone() {
        MutableClock clock = new MutableClock(42);
        Clock zoned = clock.withZone(ZoneId.of("Asia/Shanghai"));
        clock.set(43);
        assertThat(zoned.millis()).isEqualTo(43);
    }
}
