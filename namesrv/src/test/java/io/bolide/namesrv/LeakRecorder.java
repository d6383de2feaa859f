package io.bolide.namesrv;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Keeps the buffer-leak reports of Netty's leak detector (PARANOID in the build). */
public final class LeakRecorder extends AppenderBase<ILoggingEvent> {
    private static final List<String> LEAKS = new CopyOnWriteArrayList<>();

    @Override
    protected void append(ILoggingEvent event) {
        if (event.getFormattedMessage().contains("LEAK")) {
            LEAKS.add(event.getFormattedMessage());
        }
    }

    /** The reports so far, forgetting them. */
    static List<String> drain() {
        List<String> copy = List.copyOf(LEAKS);
        LEAKS.clear();
        return copy;
    }
}
