package io.bolide.broker.pull;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The suggestion matrix of the reference's PullMessageProcessor (its composeResponseHeader). */
class ReadFromSlaveRuleTest {
    private static ReadFromSlaveRule rule(long brokerId, boolean slaveRead) {
        return new ReadFromSlaveRule(brokerId, slaveRead, 1L << 30, null);
    }

    @Test
    void shouldSendColdReadsOfAMasterToTheSlowBrokerOnlyWithSlaveReadEnable() {
        assertThat(rule(0, true).suggest(true, 0, 1)).isEqualTo(1);
        assertThat(rule(0, true).suggest(true, 0, 2)).isEqualTo(2);
        assertThat(rule(0, true).suggest(false, 0, 1)).isZero();
        assertThat(rule(0, true).suggest(false, 3, 1)).as("the group's brokerId").isEqualTo(3);
        assertThat(rule(0, false).suggest(true, 0, 1)).isZero();
    }

    /** A classic slave (no slave acting as master) suggests as a master does. */
    @Test
    void shouldSuggestFromASlaveByTheMastersRule() {
        assertThat(rule(1, true).suggest(false, 0, 1)).isZero();
        assertThat(rule(1, true).suggest(false, 3, 1)).as("the group's brokerId").isEqualTo(3);
        assertThat(rule(1, true).suggest(true, 0, 1)).isEqualTo(1);
        assertThat(rule(1, false).suggest(true, 0, 1)).isZero();
    }
}
