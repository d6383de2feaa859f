package io.bolide.broker.delay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class DelayLevelsTest {
    @Test
    void shouldParseTheReferenceDefaultAsEighteenLevels() {
        DelayLevels levels = DelayLevels.parse(DelayLevels.DEFAULT);

        assertThat(levels.maxLevel()).isEqualTo(18);
        assertThat(levels.delayMs(1)).isEqualTo(1000);
        assertThat(levels.delayMs(3)).isEqualTo(10_000);
        assertThat(levels.delayMs(5)).isEqualTo(60_000);
        assertThat(levels.delayMs(16)).isEqualTo(30 * 60_000);
        assertThat(levels.delayMs(18)).isEqualTo(2 * 3_600_000);
    }

    @Test
    void shouldAcceptDaysAndExtraSpaces() {
        DelayLevels levels = DelayLevels.parse(" 1s  2d ");

        assertThat(levels.maxLevel()).isEqualTo(2);
        assertThat(levels.delayMs(2)).isEqualTo(2 * 86_400_000L);
    }

    @Test
    void shouldClampLevelsAboveTheHighest() {
        DelayLevels levels = DelayLevels.parse("1s 2s 3s");

        assertThat(levels.clamp(2)).isEqualTo(2);
        assertThat(levels.clamp(3)).isEqualTo(3);
        assertThat(levels.clamp(40)).isEqualTo(3);
    }

    @Test
    void shouldComputeDueTimeFromStoreTimeAndLevel() {
        DelayLevels levels = DelayLevels.parse("1s 5s 1m");

        assertThat(levels.dueTime(1, 1_000_000)).isEqualTo(1_001_000);
        assertThat(levels.dueTime(2, 1_000_000)).isEqualTo(1_005_000);
        assertThat(levels.dueTime(3, 1_000_000)).isEqualTo(1_060_000);
    }

    @Test
    void shouldRejectUnknownUnitsBadNumbersAndEmptyLists() {
        assertThatThrownBy(() -> DelayLevels.parse("1s 5x"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unit");
        assertThatThrownBy(() -> DelayLevels.parse("as"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> DelayLevels.parse("-1s"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> DelayLevels.parse("  "))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> DelayLevels.parse("s"))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
