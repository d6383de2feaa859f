package io.bolide.broker.route;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DestinationTest {
    @Test
    void shouldAppendTheRealTopicAndQueueToTheSentProperties() {
        assertThat(Destination.park("KEYS\u0001k\u0002", "T", 3))
                .isEqualTo("KEYS\u0001k\u0002REAL_TOPIC\u0001T\u0002REAL_QID\u00013\u0002");
    }

    @Test
    void shouldSeparateFromPropertiesWithoutATrailingSeparator() {
        assertThat(Destination.park("KEYS\u0001k", "T", 0))
                .isEqualTo("KEYS\u0001k\u0002REAL_TOPIC\u0001T\u0002REAL_QID\u00010\u0002");
        assertThat(Destination.park("", "T", 1))
                .isEqualTo("REAL_TOPIC\u0001T\u0002REAL_QID\u00011\u0002");
    }

    @Test
    void shouldParkDelayLevelsInTheQueueBelowTheirNumber() {
        assertThat(Destination.scheduleQueue(1)).isZero();
        assertThat(Destination.scheduleQueue(18)).isEqualTo(17);
    }

    @Test
    void shouldNameRetryAndDeadLetterTopicsAfterTheGroup() {
        assertThat(Destination.retryTopic("g1")).isEqualTo("%RETRY%g1");
        assertThat(Destination.deadLetterTopic("g1")).isEqualTo("%DLQ%g1");
        assertThat(Destination.retryGroup("%RETRY%g1")).isEqualTo("g1");
        assertThat(Destination.retryGroup("g1")).isNull();
        assertThat(Destination.retryGroup(null)).isNull();
    }
}
