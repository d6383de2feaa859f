package io.bolide.testsupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class AwaitTest {
    @Test
    void shouldReturnAsSoonAsTheConditionHolds() {
        AtomicInteger polls = new AtomicInteger();
        Await.until(Duration.ofSeconds(5), () -> polls.incrementAndGet() >= 3, "three polls");
        assertThat(polls).hasValue(3);
    }

    @Test
    void shouldNotPollAgainWhenTheConditionHoldsAtOnce() {
        AtomicInteger polls = new AtomicInteger();
        Await.until(() -> polls.incrementAndGet() > 0, "one poll");
        assertThat(polls).hasValue(1);
    }

    @Test
    void shouldFailNamingWhatItAwaitedOnceTheDeadlinePasses() {
        long start = System.nanoTime();
        assertThatThrownBy(() -> Await.until(Duration.ofMillis(50), () -> false, "the impossible"))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("the impossible")
                .hasMessageContaining("50 ms");
        assertThat(Duration.ofNanos(System.nanoTime() - start))
                .isGreaterThanOrEqualTo(Duration.ofMillis(50));
    }
}
