package io.bolide.dist;

import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What SIGTERM and SIGINT do: shut the roles down gracefully, then end the process with status 0.
 *
 * <p>The JVM reports death by a signal as status 128 + signal (143 for SIGTERM) even when every
 * shutdown hook finished cleanly. Service managers and scripts read 0 as "stopped as asked", so
 * after a clean shutdown the hook halts with 0 itself, and with 1 if shutting down failed.
 */
final class ShutdownSequence implements Runnable {
    private static final Logger LOG = LoggerFactory.getLogger(ShutdownSequence.class);

    private final Roles roles;

    private ShutdownSequence(Roles roles) {
        this.roles = roles;
    }

    /** Registers the sequence as a shutdown hook for {@code roles}. */
    static void install(Roles roles) {
        Runtime.getRuntime()
                .addShutdownHook(new Thread(new ShutdownSequence(roles), "bolide-shutdown"));
    }

    @Override
    public void run() {
        long started = System.nanoTime();
        LOG.info("bolide shutting down");
        int status = 0;
        try {
            roles.close();
            LOG.info(
                    "bolide stopped in {} ms",
                    TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
        } catch (RuntimeException | Error e) {
            LOG.error("bolide shutdown failed", e);
            status = 1;
        }
        System.out.flush();
        System.err.flush();
        Runtime.getRuntime().halt(status);
    }
}
