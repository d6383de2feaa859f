package io.bolide.broker.lite.remoting;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The caps on held lite pops, counted as the reference's lite long polling counts them. */
class PollCapsTest {
    private final PollCaps caps = new PollCaps();

    @Test
    void shouldRefuseOneMoreThanThePerClientCapAllows() {
        // The reference refuses once more than popPollingSize are held for the key: 0 holds one.
        assertThat(caps.enter("a", 100, 0)).isTrue();
        assertThat(caps.enter("a", 100, 0)).isFalse();
        assertThat(caps.enter("b", 100, 0)).isTrue();
        assertThat(caps.held()).isEqualTo(2);

        caps.leave("a");
        assertThat(caps.enter("a", 100, 0)).isTrue();
    }

    @Test
    void shouldRefuseAnyPastTheBrokersCap() {
        assertThat(caps.enter("a", 2, 1024)).isTrue();
        assertThat(caps.enter("b", 2, 1024)).isTrue();
        assertThat(caps.enter("c", 2, 1024)).isFalse();
        caps.leave("b");
        assertThat(caps.enter("c", 2, 1024)).isTrue();
        assertThat(caps.held()).isEqualTo(2);
    }
}
