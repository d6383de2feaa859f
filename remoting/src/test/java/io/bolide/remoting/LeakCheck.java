package io.bolide.remoting;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.UnpooledByteBufAllocator;
import java.util.List;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Fails a test class when Netty's leak detector (PARANOID in the build) reported a buffer that was
 * garbage collected without being released. Leaks are reported when a later allocation finds the
 * collected buffer, so the check collects garbage and allocates before it looks.
 */
public final class LeakCheck implements AfterAllCallback {
    static final String DETECTOR = "io.netty.util.ResourceLeakDetector";

    @Override
    public void afterAll(ExtensionContext context) {
        List<String> leaks = collectLeaks();
        RecordingAppender.clear(DETECTOR);
        assertThat(leaks).as("buffer leaks reported by Netty").isEmpty();
    }

    /** Provokes pending leak reports and returns them. */
    static List<String> collectLeaks() {
        for (int round = 0; round < 5; round++) {
            System.gc();
            for (int i = 0; i < 200; i++) {
                ByteBuf pooled = PooledByteBufAllocator.DEFAULT.directBuffer(16);
                pooled.release();
                ByteBuf unpooled = UnpooledByteBufAllocator.DEFAULT.heapBuffer(16);
                unpooled.release();
            }
        }
        return RecordingAppender.messages(DETECTOR, "LEAK");
    }
}
