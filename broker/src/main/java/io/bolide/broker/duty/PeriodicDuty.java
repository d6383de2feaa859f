package io.bolide.broker.duty;

import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.NanoClock;
import org.agrona.concurrent.SystemNanoClock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One periodic duty as an agent: {@link #doWork()} runs the duty when it is due and reports one
 * unit of work, otherwise does nothing. This is the broker's only way to run something periodically
 * (docs/architecture.md, section 3): duties of one role are composed with Agrona's {@code
 * CompositeAgent} onto one {@code AgentRunner} thread ({@link DutyThread}) whose idle strategy
 * parks until the earliest duty is due, so an idle broker's duty thread wakes only when there is
 * something to do.
 *
 * <p>Why agents and not a {@code ScheduledExecutorService}: every other background thread in the
 * broker and store is already an agent with an explicit idle strategy, so one model covers them
 * all; the due time comes from an injected {@link NanoClock}, so tests drive it without sleeping;
 * and a failing duty cannot silently cancel itself (a scheduled task that throws is never run
 * again): the failure is logged and the duty stays due one period later.
 *
 * <p>Two timings, matching what the executor methods they replace did: {@linkplain #atFixedRate
 * fixed rate} (due times advance by the period from the first, so a late run does not shift the
 * later ones) and {@linkplain #withFixedDelay fixed delay} (the next run is a period after the
 * previous one ended).
 *
 * <p>A period may be read from a live setting ({@link #withFixedDelay(String, long, LongSupplier,
 * Runnable)}): it is read again at each pass, and a changed period moves the next due time by as
 * much as the period changed (a run not yet due comes earlier when the period shortens). The thread
 * parked until the old due time notices at its next wake-up; {@link DutyThread#wake()} brings that
 * forward.
 */
public final class PeriodicDuty implements Agent {
    private static final Logger LOG = LoggerFactory.getLogger(PeriodicDuty.class);

    private final String name;
    private final Runnable duty;
    private final LongSupplier periodMs;
    private long periodNanos;
    private final boolean fixedRate;
    private final NanoClock clock;
    private long dueNanos;

    private PeriodicDuty(
            String name,
            long firstDelayMs,
            LongSupplier periodMs,
            boolean fixedRate,
            NanoClock clock,
            Runnable duty) {
        this.name = name;
        this.duty = duty;
        this.periodMs = periodMs;
        this.periodNanos = nanos(name, periodMs.getAsLong());
        this.fixedRate = fixedRate;
        this.clock = clock;
        this.dueNanos = clock.nanoTime() + TimeUnit.MILLISECONDS.toNanos(firstDelayMs);
    }

    /** {@code duty} first after {@code firstDelayMs}, then every {@code periodMs} from then. */
    public static PeriodicDuty atFixedRate(
            String name, long firstDelayMs, long periodMs, Runnable duty) {
        return atFixedRate(name, firstDelayMs, periodMs, new SystemNanoClock(), duty);
    }

    /** As {@link #atFixedRate(String, long, long, Runnable)}, timed by {@code clock}. */
    public static PeriodicDuty atFixedRate(
            String name, long firstDelayMs, long periodMs, NanoClock clock, Runnable duty) {
        return new PeriodicDuty(name, firstDelayMs, () -> periodMs, true, clock, duty);
    }

    /** As {@link #atFixedRate(String, long, long, Runnable)}, the period read at each pass. */
    public static PeriodicDuty atFixedRate(
            String name, long firstDelayMs, LongSupplier periodMs, Runnable duty) {
        return new PeriodicDuty(name, firstDelayMs, periodMs, true, new SystemNanoClock(), duty);
    }

    /** {@code duty} first after {@code firstDelayMs}, then {@code periodMs} after each run ends. */
    public static PeriodicDuty withFixedDelay(
            String name, long firstDelayMs, long periodMs, Runnable duty) {
        return withFixedDelay(name, firstDelayMs, periodMs, new SystemNanoClock(), duty);
    }

    /** As {@link #withFixedDelay(String, long, long, Runnable)}, timed by {@code clock}. */
    public static PeriodicDuty withFixedDelay(
            String name, long firstDelayMs, long periodMs, NanoClock clock, Runnable duty) {
        return withFixedDelay(name, firstDelayMs, () -> periodMs, clock, duty);
    }

    /** As {@link #withFixedDelay(String, long, long, Runnable)}, the period read at each pass. */
    public static PeriodicDuty withFixedDelay(
            String name, long firstDelayMs, LongSupplier periodMs, Runnable duty) {
        return withFixedDelay(name, firstDelayMs, periodMs, new SystemNanoClock(), duty);
    }

    /** As above, timed by {@code clock}. */
    public static PeriodicDuty withFixedDelay(
            String name, long firstDelayMs, LongSupplier periodMs, NanoClock clock, Runnable duty) {
        return new PeriodicDuty(name, firstDelayMs, periodMs, false, clock, duty);
    }

    @Override
    public int doWork() {
        retime();
        if (clock.nanoTime() - dueNanos < 0) {
            return 0;
        }
        try {
            duty.run();
        } catch (RuntimeException | Error e) {
            LOG.warn("periodic duty {} failed", name, e);
        }
        dueNanos = fixedRate ? dueNanos + periodNanos : clock.nanoTime() + periodNanos;
        return 1;
    }

    /** Nanoseconds until the duty is next due; zero or less when it is due now. */
    long nanosUntilDue() {
        retime();
        return dueNanos - clock.nanoTime();
    }

    /** Takes a changed period into force, moving the next due time by the difference. */
    private void retime() {
        long next = periodMs.getAsLong();
        long nextNanos = next > 0 ? TimeUnit.MILLISECONDS.toNanos(next) : periodNanos;
        if (nextNanos != periodNanos) {
            dueNanos += nextNanos - periodNanos;
            periodNanos = nextNanos;
        }
    }

    private static long nanos(String name, long periodMs) {
        if (periodMs <= 0) {
            throw new IllegalArgumentException(name + ": period must be positive: " + periodMs);
        }
        return TimeUnit.MILLISECONDS.toNanos(periodMs);
    }

    @Override
    public String roleName() {
        return name;
    }
}
