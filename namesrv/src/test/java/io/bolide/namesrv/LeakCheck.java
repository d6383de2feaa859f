package io.bolide.namesrv;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Fails a test class when Netty reported a buffer collected without being released. Reports come
 * when a later allocation finds the collected buffer, so the check collects garbage and allocates
 * before it looks.
 */
public final class LeakCheck implements AfterAllCallback {
    @Override
    public void afterAll(ExtensionContext context) {
        for (int round = 0; round < 5; round++) {
            System.gc();
            for (int i = 0; i < 200; i++) {
                ByteBuf buffer = PooledByteBufAllocator.DEFAULT.directBuffer(16);
                buffer.release();
            }
        }
        assertThat(LeakRecorder.drain()).as("buffer leaks reported by Netty").isEmpty();
    }
}
