package io.bolide.remoting;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

/** The leak check must be able to fail, or passing it means nothing. */
class LeakCheckTest {
    @Test
    void shouldReportBufferThatWasNeverReleased() {
        leakOneBuffer();
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (LeakCheck.collectLeaks().isEmpty() && System.nanoTime() < deadline) {
            LockSupport.parkNanos(1_000_000);
        }
        assertThat(LeakCheck.collectLeaks()).isNotEmpty();
        RecordingAppender.clear(LeakCheck.DETECTOR);
    }

    private static void leakOneBuffer() {
        ByteBuf leaked = PooledByteBufAllocator.DEFAULT.directBuffer(64);
        leaked.writeLong(42);
    }
}
