package io.bolide.broker;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.slf4j.LoggerFactory;

/**
 * Fails a test class when Netty's leak detector (PARANOID in the build) reported a buffer that was
 * collected unreleased: the broker hands store slices and request frames across threads, where a
 * missed release is easy. Reports come on a later allocation, so the check collects garbage and
 * allocates before it looks.
 */
public final class LeakCheck implements BeforeAllCallback, AfterAllCallback {
    private static final List<String> LEAKS = new CopyOnWriteArrayList<>();
    private static final AppenderBase<ILoggingEvent> RECORDER =
            new AppenderBase<>() {
                @Override
                protected void append(ILoggingEvent event) {
                    if (event.getLevel().isGreaterOrEqual(Level.ERROR)
                            && event.getFormattedMessage().contains("LEAK")) {
                        LEAKS.add(event.getFormattedMessage());
                    }
                }
            };

    @Override
    public void beforeAll(ExtensionContext context) {
        Logger detector = (Logger) LoggerFactory.getLogger("io.netty.util.ResourceLeakDetector");
        if (!RECORDER.isStarted()) {
            RECORDER.start();
            detector.addAppender(RECORDER);
        }
        LEAKS.clear();
    }

    @Override
    public void afterAll(ExtensionContext context) {
        for (int round = 0; round < 5; round++) {
            System.gc();
            for (int i = 0; i < 200; i++) {
                ByteBuf probe = PooledByteBufAllocator.DEFAULT.directBuffer(16);
                probe.release();
            }
        }
        assertThat(LEAKS).as("buffer leaks reported by Netty").isEmpty();
    }
}
