package io.bolide.broker.lite.remoting;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.protocol.body.OffsetOption;
import io.bolide.protocol.body.OffsetOption.Type;
import org.junit.jupiter.api.Test;

/** Where each offset option moves a group, as the reference's 5.5.0 broker reads it. */
class LiteOffsetsTest {
    private static long target(Type type, long value, long current) {
        return LiteOffsets.target(new OffsetOption(type, value), current, () -> 42);
    }

    @Test
    void shouldReadEachOptionAsTheReferenceDoes() {
        assertThat(target(Type.POLICY, OffsetOption.POLICY_MIN, 10)).isZero();
        assertThat(target(Type.POLICY, OffsetOption.POLICY_MAX, 10)).isEqualTo(42);
        assertThat(target(Type.POLICY, OffsetOption.POLICY_LAST, 10)).isEqualTo(-1);
        assertThat(target(Type.OFFSET, 7, 10)).isEqualTo(7);
        assertThat(target(Type.OFFSET, -5, 10)).isEqualTo(-5); // refused by the caller (< 0)
        // TAIL_N counts back from the group's committed offset, not from the queue's end.
        assertThat(target(Type.TAIL_N, 3, 10)).isEqualTo(7);
        assertThat(target(Type.TAIL_N, 30, 10)).isZero();
        assertThat(target(Type.TAIL_N, 3, -1)).isEqualTo(-1);
        // The reference's broker takes a timestamp and moves nothing.
        assertThat(target(Type.TIMESTAMP, 1_000, 10)).isEqualTo(-1);
        assertThat(LiteOffsets.target(null, 10, () -> 42)).isEqualTo(-1);
        assertThat(LiteOffsets.target(new OffsetOption(null, 1), 10, () -> 42)).isEqualTo(-1);
    }
}
