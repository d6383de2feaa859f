package io.bolide.broker.send;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The WAIT property as the reference reads it: absent waits, only "true" (any case) waits. */
class WaitStoreMsgOkTest {
    private static final char NAME_END = '\u0001';
    private static final char PAIR_END = '\u0002';

    private static String props(String... pairs) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < pairs.length; i += 2) {
            text.append(pairs[i]).append(NAME_END).append(pairs[i + 1]).append(PAIR_END);
        }
        return text.toString();
    }

    @Test
    void shouldReadTheWaitPropertyWhereverItIs() {
        assertThat(WaitStoreMsgOk.of(null)).isTrue();
        assertThat(WaitStoreMsgOk.of(props("KEYS", "k"))).isTrue();
        assertThat(WaitStoreMsgOk.of(props("WAIT", "true", "KEYS", "k"))).isTrue();
        assertThat(WaitStoreMsgOk.of(props("KEYS", "k", "WAIT", "TRUE"))).isTrue();
        assertThat(WaitStoreMsgOk.of(props("WAIT", "false"))).isFalse();
        assertThat(WaitStoreMsgOk.of(props("KEYS", "k", "WAIT", "false", "TAGS", "t"))).isFalse();
        assertThat(WaitStoreMsgOk.of(props("WAIT", "yes"))).isFalse();
        // Another property ending in WAIT is not it.
        assertThat(WaitStoreMsgOk.of(props("NOWAIT", "false"))).isTrue();
        assertThat(WaitStoreMsgOk.of("WAIT" + NAME_END + "false")).isFalse();
    }
}
