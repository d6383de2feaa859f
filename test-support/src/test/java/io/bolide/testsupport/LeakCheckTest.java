package io.bolide.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The leak check must be able to fail, or passing it means nothing. */
class LeakCheckTest {
    @Test
    void shouldReportBufferThatWasNeverReleased() {
        LeakCheck.install();
        leakOneBuffer();
        List<String> reports = new ArrayList<>();
        Await.until(
                Duration.ofSeconds(10),
                () -> reports.addAll(LeakCheck.collectLeaks()),
                "Netty to report the leaked buffer");
        assertThat(reports).anySatisfy(r -> assertThat(r).contains("LEAK"));
    }

    @Test
    void shouldReportNothingWhenEveryBufferIsReleased() {
        LeakCheck.collectLeaks(); // forget anything earlier tests left
        ByteBuf buffer = PooledByteBufAllocator.DEFAULT.directBuffer(64);
        buffer.writeLong(42);
        buffer.release();
        assertThat(LeakCheck.collectLeaks()).isEmpty();
    }

    private static void leakOneBuffer() {
        ByteBuf leaked = PooledByteBufAllocator.DEFAULT.directBuffer(64);
        leaked.writeLong(42);
    }
}
