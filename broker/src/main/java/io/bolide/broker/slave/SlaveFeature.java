package io.bolide.broker.slave;

import io.bolide.broker.codes.Codes;
import io.bolide.broker.delay.DelayedDelivery;
import io.bolide.broker.table.ConsumerOffsetTable;
import io.bolide.protocol.code.RequestCode;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Master and slave metadata: a master serves what its slaves copy (GET_ALL_CONSUMER_OFFSET,
 * GET_ALL_DELAY_OFFSET, GET_TIMER_CHECK_POINT and GET_TIMER_METRICS here; topics and groups are
 * served by their own features), and a slave copies it on {@code bolide-slave-sync} ({@link
 * SlaveSync}, {@link SyncCadence}).
 */
public final class SlaveFeature {
    private static final Logger LOG = LoggerFactory.getLogger(SlaveFeature.class);

    private SlaveFeature() {}

    public static void install(Codes codes, ConsumerOffsetTable offsets, DelayedDelivery delay) {
        codes.serve(RequestCode.GET_ALL_CONSUMER_OFFSET, new GetAllConsumerOffsetHandler(offsets));
        codes.serve(RequestCode.GET_ALL_DELAY_OFFSET, new GetAllDelayOffsetHandler(delay));
        codes.serve(RequestCode.GET_TIMER_CHECK_POINT, new GetTimerCheckPointHandler(delay));
        codes.serve(RequestCode.GET_TIMER_METRICS, new GetTimerMetricsHandler(delay));
    }

    /**
     * Starts copying the master's tables on a thread of its own (a master far away must not delay
     * the broker's other duties); closing stops it.
     */
    public static AutoCloseable follow(SlaveSync sync, LongSupplier clock) {
        return follow(sync, clock, false);
    }

    /**
     * As {@link #follow(SlaveSync, LongSupplier)}; a slave in controller mode ({@code controlled})
     * copies every 10 s instead of every minute, as the reference's do.
     */
    public static AutoCloseable follow(SlaveSync sync, LongSupplier clock, boolean controlled) {
        ScheduledThreadPoolExecutor thread =
                new ScheduledThreadPoolExecutor(
                        1,
                        r -> {
                            Thread t = new Thread(r, "bolide-slave-sync");
                            t.setDaemon(true);
                            return t;
                        });
        thread.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
        SyncCadence cadence =
                new SyncCadence(
                        controlled
                                ? SyncCadence.CONTROLLED_COPY_EVERY_MS
                                : SyncCadence.COPY_EVERY_MS);
        thread.scheduleWithFixedDelay(
                () -> look(sync, cadence, clock),
                SyncCadence.LOOK_EVERY_MS / 3,
                SyncCadence.LOOK_EVERY_MS,
                TimeUnit.MILLISECONDS);
        return () -> stop(thread);
    }

    private static void look(SlaveSync sync, SyncCadence cadence, LongSupplier clock) {
        try {
            String master = sync.master();
            long now = clock.getAsLong();
            if (cadence.due(master, now)) {
                cadence.copied(master, now, sync.syncAll());
            }
        } catch (RuntimeException e) {
            LOG.warn("slave sync failed; retrying", e);
        }
    }

    private static void stop(ScheduledExecutorService thread) throws InterruptedException {
        thread.shutdownNow();
        thread.awaitTermination(5, TimeUnit.SECONDS);
    }
}
