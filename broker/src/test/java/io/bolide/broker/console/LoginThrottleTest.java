package io.bolide.broker.console;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The console's login throttle on a clock the test moves. */
class LoginThrottleTest {
    private final LoginThrottle throttle = new LoginThrottle();

    @Test
    void aKeyIsLockedAfterItsFailuresForAMinuteThenTwiceAsLong() {
        long now = 1_000_000;
        for (int i = 0; i < LoginThrottle.USER_FAILURES - 1; i++) {
            throttle.failed("alice", "10.0.0.1", now);
        }
        assertThat(throttle.refusal("alice", "10.0.0.1", now)).isNull();
        throttle.failed("alice", "10.0.0.1", now);
        assertThat(throttle.refusal("alice", "10.0.0.2", now))
                .isEqualTo("too many failed logins for access key 'alice': try again in 60 s");
        assertThat(throttle.refusal("bob", "10.0.0.1", now)).isNull();

        now += LoginThrottle.LOCK_MILLIS;
        assertThat(throttle.refusal("alice", "10.0.0.1", now)).isNull();
        for (int i = 0; i < LoginThrottle.USER_FAILURES; i++) {
            throttle.failed("alice", "10.0.0.3", now);
        }
        assertThat(throttle.refusal("alice", "10.0.0.3", now)).endsWith("try again in 120 s");
    }

    @Test
    void anAddressIsLockedAfterFailuresForManyKeysAndASuccessClearsCounts() {
        long now = 5_000;
        for (int i = 0; i < LoginThrottle.ADDRESS_FAILURES; i++) {
            throttle.failed("user" + i, "10.0.0.9", now);
        }
        assertThat(throttle.refusal("someone", "10.0.0.9", now))
                .isEqualTo("too many failed logins from 10.0.0.9: try again in 60 s");
        assertThat(throttle.refusal("someone", "10.0.0.8", now)).isNull();

        for (int i = 0; i < LoginThrottle.USER_FAILURES - 1; i++) {
            throttle.failed("carol", "10.0.0.7", now);
        }
        throttle.succeeded("carol", "10.0.0.7");
        throttle.failed("carol", "10.0.0.7", now);
        assertThat(throttle.refusal("carol", "10.0.0.7", now)).isNull();
    }

    @Test
    void theLockNeverExceedsFifteenMinutes() {
        long now = 0;
        for (int round = 0; round < 12; round++) {
            for (int i = 0; i < LoginThrottle.USER_FAILURES; i++) {
                throttle.failed("dave", "10.0.0.1", now);
            }
            now += LoginThrottle.MAX_LOCK_MILLIS;
        }
        now -= LoginThrottle.MAX_LOCK_MILLIS;
        assertThat(throttle.refusal("dave", "10.0.0.1", now)).endsWith("try again in 900 s");
    }
}
