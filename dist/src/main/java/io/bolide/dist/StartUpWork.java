package io.bolide.dist;

import io.bolide.protocol.body.BodyWarmUp;
import org.slf4j.LoggerFactory;

/**
 * Start-up work a role command begins on other threads before it parses its command line, so that
 * it overlaps the parsing and class loading on the main thread: Jackson's serializers for the
 * start-up bodies (first needed by the broker's registration) and the logging set-up (about 80 ms:
 * logback's service lookup, version checks and pattern compilation), which the role waits for
 * before its first logger.
 */
final class StartUpWork {
    private static volatile Thread logging;

    private StartUpWork() {}

    static void begin() {
        BodyWarmUp.startInBackground();
        Thread thread = new Thread(LoggerFactory::getILoggerFactory, "bolide-logging-init");
        thread.setDaemon(true);
        thread.start();
        logging = thread;
    }

    /**
     * Waits until logging is set up. No logger may be asked for before: while slf4j initializes it
     * hands out stand-in loggers that queue what they log and forward to the real ones ever after.
     */
    static void awaitLogging() throws InterruptedException {
        Thread thread = logging;
        if (thread != null) {
            thread.join();
        }
    }
}
