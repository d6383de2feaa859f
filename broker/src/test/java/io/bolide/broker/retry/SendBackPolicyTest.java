package io.bolide.broker.retry;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SendBackPolicyTest {

    @Test
    void shouldLetTheBrokerChooseLevelThreePlusReconsumeTimesWhenClientSendsZero() {
        assertThat(SendBackPolicy.retryDelayLevel(0, 0)).isEqualTo(3);
        assertThat(SendBackPolicy.retryDelayLevel(0, 4)).isEqualTo(7);
    }

    @Test
    void shouldKeepAnExplicitDelayLevel() {
        assertThat(SendBackPolicy.retryDelayLevel(5, 0)).isEqualTo(5);
        assertThat(SendBackPolicy.retryDelayLevel(1, 9)).isEqualTo(1);
    }

    @Test
    void shouldDeadLetterOnceReconsumeTimesReachTheMaximum() {
        assertThat(SendBackPolicy.deadLetter(15, 0, 16)).isFalse();
        assertThat(SendBackPolicy.deadLetter(16, 0, 16)).isTrue();
        assertThat(SendBackPolicy.deadLetter(2, 0, 2)).isTrue();
    }

    @Test
    void shouldDeadLetterAtOnceForANegativeDelayLevel() {
        assertThat(SendBackPolicy.deadLetter(0, -1, 16)).isTrue();
    }

    @Test
    void shouldDefaultToSixteenReconsumeTimesWithoutHeaderValue() {
        assertThat(SendBackPolicy.maxReconsumeTimes(null)).isEqualTo(16);
        assertThat(SendBackPolicy.maxReconsumeTimes(3)).isEqualTo(3);
    }
}
