package io.bolide.testsupport;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.util.ResourceLeakDetector;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.slf4j.LoggerFactory;

/**
 * Fails a test class when Netty's leak detector reported a buffer that was garbage collected
 * without being released. Use as {@code @ExtendWith(LeakCheck.class)}; needs logback as the test
 * logger.
 *
 * <p>Netty reports a leak only by logging it, and only when a later allocation finds the collected
 * buffer. So the check sets the detector to PARANOID (every buffer tracked; the build sets it too),
 * hooks an appender onto the detector's logger to count reports, and before it looks it collects
 * garbage and allocates from both the pooled and the unpooled allocator. Reports are drained per
 * class: one that surfaces only after its class finished fails the next checked class rather than
 * being lost.
 */
public final class LeakCheck implements BeforeAllCallback, AfterAllCallback {
    /** The logger Netty's leak reports go to. */
    public static final String DETECTOR = "io.netty.util.ResourceLeakDetector";

    private static final List<String> LEAKS = new CopyOnWriteArrayList<>();
    private static final Recorder RECORDER = new Recorder();

    @Override
    public void beforeAll(ExtensionContext context) {
        install();
    }

    @Override
    public void afterAll(ExtensionContext context) {
        List<String> leaks = collectLeaks();
        if (!leaks.isEmpty()) {
            throw new AssertionError(
                    leaks.size() + " buffer leak(s) reported by Netty; first: " + leaks.get(0));
        }
    }

    /** Turns paranoid leak detection on and starts counting reports; idempotent. */
    public static synchronized void install() {
        ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.PARANOID);
        if (!RECORDER.isStarted()) {
            Logger detector = (Logger) LoggerFactory.getLogger(DETECTOR);
            RECORDER.setContext(detector.getLoggerContext());
            RECORDER.start();
            detector.addAppender(RECORDER);
        }
    }

    /** Provokes pending leak reports, then returns and forgets every report so far. */
    public static List<String> collectLeaks() {
        install();
        for (int round = 0; round < 5; round++) {
            System.gc();
            for (int i = 0; i < 200; i++) {
                ByteBuf pooled = PooledByteBufAllocator.DEFAULT.directBuffer(16);
                pooled.release();
                ByteBuf unpooled = UnpooledByteBufAllocator.DEFAULT.heapBuffer(16);
                unpooled.release();
            }
        }
        List<String> copy = List.copyOf(LEAKS);
        LEAKS.removeAll(copy);
        return copy;
    }

    /** Keeps the detector's error lines that report a leak. */
    private static final class Recorder extends AppenderBase<ILoggingEvent> {
        @Override
        protected void append(ILoggingEvent event) {
            if (event.getLevel().isGreaterOrEqual(Level.ERROR)
                    && event.getFormattedMessage().contains("LEAK")) {
                LEAKS.add(event.getFormattedMessage());
            }
        }
    }
}
