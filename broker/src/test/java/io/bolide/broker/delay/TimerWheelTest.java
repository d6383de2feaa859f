package io.bolide.broker.delay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class TimerWheelTest {
    private static final long PRECISION = 100;
    private static final long START = 1_700_000_000_000L;

    @Test
    void shouldDeliverManyTimersNoEarlierThanDueAndWithinOneSlot() {
        TimerWheel wheel = new TimerWheel(PRECISION, START / PRECISION);
        SplittableRandom random = new SplittableRandom(42);
        Map<Long, Long> dueByOffset = new HashMap<>();
        int count = 100_000;
        for (long offset = 0; offset < count; offset++) {
            long due = START + 1 + random.nextLong(3_600_000);
            dueByOffset.put(offset, due);
            wheel.add(due, offset * 1000, offset);
        }
        assertThat(wheel.pending()).isEqualTo(count);

        Map<Long, Long> deliveredAt = new HashMap<>();
        for (long now = START; now <= START + 3_600_000 + PRECISION; now += 37) {
            long at = now;
            wheel.advance(now, (phys, offset) -> deliveredAt.put(offset, at) == null);
        }

        assertThat(deliveredAt).hasSize(count);
        assertThat(wheel.pending()).isZero();
        for (Map.Entry<Long, Long> e : deliveredAt.entrySet()) {
            long due = dueByOffset.get(e.getKey());
            assertThat(e.getValue()).isGreaterThanOrEqualTo(due).isLessThan(due + PRECISION + 37);
        }
    }

    @Test
    void shouldOnlyVisitSlotsThatCameDue() {
        TimerWheel wheel = new TimerWheel(PRECISION, START / PRECISION);
        wheel.add(START + 10_000, 1, 1);
        List<Long> delivered = new ArrayList<>();

        int early = wheel.advance(START + 9_999, (phys, offset) -> delivered.add(offset));

        assertThat(early).isZero();
        assertThat(delivered).isEmpty();
        assertThat(wheel.advance(START + 10_000, (phys, offset) -> delivered.add(offset)))
                .isEqualTo(1);
        assertThat(delivered).containsExactly(1L);
    }

    @Test
    void shouldDeliverTimersFiledAfterTheirSlotPassedAtTheNextTick() {
        TimerWheel wheel = new TimerWheel(PRECISION, (START + 5_000) / PRECISION);
        wheel.add(START, 7, 3);

        assertThat(wheel.overdue()).isEqualTo(1);
        List<Long> delivered = new ArrayList<>();
        wheel.advance(START + 5_000, (phys, offset) -> delivered.add(phys));

        assertThat(delivered).containsExactly(7L);
        assertThat(wheel.overdue()).isZero();
    }

    @Test
    void shouldKeepARefusedTimerAndItsSlotUntilTheSinkAcceptsIt() {
        TimerWheel wheel = new TimerWheel(PRECISION, START / PRECISION);
        wheel.add(START + 100, 1, 1);
        wheel.add(START + 100, 2, 2);
        long cursor = wheel.cursor();

        int first = wheel.advance(START + 1_000, (phys, offset) -> offset != 1);

        assertThat(first).isEqualTo(1);
        assertThat(wheel.cursor()).isEqualTo(cursor);
        assertThat(wheel.pending()).isEqualTo(1);
        List<Long> delivered = new ArrayList<>();
        wheel.advance(START + 1_000, (phys, offset) -> delivered.add(offset));
        assertThat(delivered).containsExactly(1L);
        assertThat(wheel.cursor()).isEqualTo((START + 1_000) / PRECISION);
    }

    @Test
    void shouldReportTheLowestPendingQueueOffsetByBlock() {
        TimerWheel wheel = new TimerWheel(PRECISION, START / PRECISION);
        assertThat(wheel.lowestPending(99)).isEqualTo(99);

        wheel.add(START + 200, 1, 5 * TimerWheel.BLOCK + 3);
        wheel.add(START + 100, 2, 2 * TimerWheel.BLOCK + 1);
        assertThat(wheel.lowestPending(99)).isEqualTo(2 * TimerWheel.BLOCK);

        wheel.advance(START + 100, (phys, offset) -> true);
        assertThat(wheel.lowestPending(99)).isEqualTo(5 * TimerWheel.BLOCK);
    }

    @Test
    void shouldPlaceDueTimesInTheSlotEndingAtOrAfterThem() {
        TimerWheel wheel = new TimerWheel(1000, 0);

        assertThat(wheel.slotOf(5000)).isEqualTo(5);
        assertThat(wheel.slotOf(5001)).isEqualTo(6);
        assertThat(wheel.slotReached(5999)).isEqualTo(5);
    }
}
