package io.bolide.broker.stats;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.protocol.body.BrokerStatsData;
import io.bolide.testsupport.MutableClock;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The statistics' windows follow the reference's: a minute, an hour and a day of samples. */
class BrokerStatsTest {
    private final MutableClock clock = new MutableClock(1_000_000);
    private final BrokerStats stats = new BrokerStats(clock);

    private void tenSecondsPass() {
        clock.advance(Duration.ofSeconds(10));
        stats.sample();
    }

    @Test
    void shouldForgetPutsOlderThanAMinuteInTheMinuteWindowButNotTheHourOrDay() {
        stats.put("T", 3, 300);
        for (int i = 0; i < 7; i++) {
            tenSecondsPass();
        }
        stats.put("T", 2, 100);

        BrokerStatsData data = stats.view(BrokerStats.TOPIC_PUT_NUMS, "T");

        assertThat(data.statsMinute().sum()).isEqualTo(2);
        assertThat(data.statsMinute().tps()).isEqualTo(2 / 60.0);
        assertThat(data.statsHour().sum()).isEqualTo(5);
        assertThat(data.statsDay().sum()).isEqualTo(5);
        BrokerStatsData size = stats.view(BrokerStats.TOPIC_PUT_SIZE, "T");
        assertThat(size.statsDay().sum()).isEqualTo(400);
        assertThat(size.statsDay().avgpt()).isEqualTo(200.0);
    }

    @Test
    void shouldKeyGroupStatisticsByTopicAtGroup() {
        stats.got("g", "T", 4, 40);
        stats.sentBack("g", "T");

        assertThat(stats.view(BrokerStats.GROUP_GET_NUMS, "T@g").statsMinute().sum()).isEqualTo(4);
        assertThat(stats.view(BrokerStats.GROUP_GET_SIZE, "T@g").statsDay().sum()).isEqualTo(40);
        assertThat(stats.view(BrokerStats.SNDBCK_PUT_NUMS, "T@g").statsDay().sum()).isEqualTo(1);
        assertThat(stats.view(BrokerStats.BROKER_GET_NUMS, "").statsDay().sum()).isEqualTo(4);
        assertThat(stats.view(BrokerStats.GROUP_GET_NUMS, "T@other")).isNull();
        assertThat(stats.view(BrokerStats.GROUP_GET_NUMS, "no-at")).isNull();
        assertThat(stats.view("NO_SUCH_STAT", "T")).isNull();
    }
}
