package io.bolide.protocol.body;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The timer bodies a master serves its slaves (GET_TIMER_CHECK_POINT 60, GET_TIMER_METRICS 61). */
class TimerBodiesTest {

    @Test
    void shouldLayTheCheckpointOutAsSevenBigEndianLongsInTheReferenceOrder() {
        TimerCheckpoint checkpoint = new TimerCheckpoint(1, 2, 3, 4, new DataVersion(5, 6, 7));
        ByteBuf out = Unpooled.buffer();
        checkpoint.encode(out);
        assertThat(out.readableBytes()).isEqualTo(56);
        for (long expected = 1; expected <= 7; expected++) {
            assertThat(out.getLong((int) (expected - 1) * 8)).isEqualTo(expected);
        }
        assertThat(TimerCheckpoint.decode(out)).isEqualTo(checkpoint);
        assertThat(out.isReadable()).isFalse();
        assertThatThrownBy(() -> TimerCheckpoint.decode(Unpooled.buffer(55).writeZero(55)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void shouldReadTheReferencesTimerMetricsFile() {
        // The shape of the reference's TimerMetricsSerializeWrapper JSON (fastjson, AtomicLong).
        String json =
                "{\"dataVersion\":{\"counter\":3,\"stateVersion\":0,\"timestamp\":1700000000000},"
                        + "\"timingCount\":{\"Orders\":{\"count\":12,\"timeStamp\":1700000000001}}}";
        TimerMetricsSerializeWrapper metrics =
                BodyCodec.decode(
                        json.getBytes(StandardCharsets.UTF_8), TimerMetricsSerializeWrapper.class);
        assertThat(metrics.dataVersion()).isEqualTo(new DataVersion(0, 1700000000000L, 3));
        assertThat(metrics.timingCount())
                .containsEntry(
                        "Orders", new TimerMetricsSerializeWrapper.Metric(12, 1700000000001L));
    }
}
