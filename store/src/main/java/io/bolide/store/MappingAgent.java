package io.bolide.store;

import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;
import org.agrona.concurrent.Agent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the store's mapped pages under the {@link MappingBudget}: every 100 ms it trims the least
 * recently used windows (on the housekeeping thread, so neither the writer nor a reader pays for an
 * unmap). At 200 MB/s of appends the resident set overshoots the limit by ~20 MB at most.
 *
 * <p>A trim that throws is logged and retried at the next interval: the agent shares its thread
 * with checkpoints and retention, and an exception escaping it would stop them all and make the
 * store read-only over memory that merely stays mapped a little longer.
 */
final class MappingAgent implements Agent {
    static final long INTERVAL_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
    private static final Logger LOG = LoggerFactory.getLogger(MappingAgent.class);
    private static final long LOG_EVERY_NANOS = TimeUnit.SECONDS.toNanos(10);

    private final IntSupplier trim;
    private final LongSupplier nanoClock;
    private long lastNanos;
    private long failures;
    private long loggedFailures;
    private long lastLogNanos;

    MappingAgent(MappingBudget budget) {
        this(budget::trim, System::nanoTime);
    }

    /** Trims with {@code trim} on {@code nanoClock}'s intervals (tests inject failures here). */
    MappingAgent(IntSupplier trim, LongSupplier nanoClock) {
        this.trim = trim;
        this.nanoClock = nanoClock;
        this.lastNanos = nanoClock.getAsLong();
    }

    @Override
    public int doWork() {
        long now = nanoClock.getAsLong();
        if (now - lastNanos < INTERVAL_NANOS) {
            return 0;
        }
        lastNanos = now;
        try {
            return trim.getAsInt();
        } catch (RuntimeException | InternalError e) {
            failed(now, e);
            return 0;
        }
    }

    /** One line for the first failure, then at most one per 10 s with the count since. */
    private void failed(long now, Throwable e) {
        failures++;
        if (loggedFailures == 0 || now - lastLogNanos >= LOG_EVERY_NANOS) {
            LOG.warn(
                    "Trimming mapped windows failed ({} failures so far, {} since the last line);"
                            + " retrying in 100 ms",
                    failures,
                    failures - loggedFailures,
                    e);
            loggedFailures = failures;
            lastLogNanos = now;
        }
    }

    /** Trims that threw. */
    long failures() {
        return failures;
    }

    @Override
    public String roleName() {
        return "bolide-store-mapping";
    }
}
