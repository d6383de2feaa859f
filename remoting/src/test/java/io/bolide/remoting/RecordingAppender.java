package io.bolide.remoting;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Keeps every warning and error logged during the tests, so tests can assert on them. */
public final class RecordingAppender extends AppenderBase<ILoggingEvent> {
    private static final List<ILoggingEvent> EVENTS = new CopyOnWriteArrayList<>();

    @Override
    protected void append(ILoggingEvent event) {
        if (event.getLevel().isGreaterOrEqual(Level.WARN)) {
            EVENTS.add(event);
        }
    }

    /** Recorded events from {@code logger} whose message contains {@code text}. */
    static List<String> messages(String logger, String text) {
        return EVENTS.stream()
                .filter(e -> e.getLoggerName().startsWith(logger))
                .map(ILoggingEvent::getFormattedMessage)
                .filter(m -> m.contains(text))
                .toList();
    }

    static void clear(String logger) {
        EVENTS.removeIf(e -> e.getLoggerName().startsWith(logger));
    }
}
