package io.bolide.protocol.body;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BodyWarmUpTest {
    /** A body that failed to round-trip would leave its (de)serializer cold: nothing warmed. */
    @Test
    void shouldRoundTripEveryStartUpBody() {
        assertThat(BodyWarmUp.run()).isEqualTo(4);
    }
}
