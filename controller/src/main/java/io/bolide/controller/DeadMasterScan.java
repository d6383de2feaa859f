package io.bolide.controller;

import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The periodic look for masters whose heartbeats stopped. Its period (scanInactiveMasterInterval)
 * can change while the controller runs, so the task is rescheduled rather than fixed at start.
 */
final class DeadMasterScan {
    private static final Logger LOG = LoggerFactory.getLogger(DeadMasterScan.class);

    private final ScheduledExecutorService scanner;
    private final ControllerCore core;
    private ScheduledFuture<?> task;
    private long periodMillis;

    DeadMasterScan(ScheduledExecutorService scanner, ControllerCore core) {
        this.scanner = scanner;
        this.core = core;
    }

    /** Scans every {@code millis} from now on, the first scan one period from now. */
    synchronized void every(long millis) {
        if (task != null) {
            if (millis == periodMillis) {
                return;
            }
            task.cancel(false);
        }
        periodMillis = millis;
        task = scanner.scheduleWithFixedDelay(this::scan, millis, millis, TimeUnit.MILLISECONDS);
    }

    private void scan() {
        try {
            core.electForDeadMasters();
        } catch (RuntimeException e) {
            LOG.warn("scan for dead masters failed", e);
        }
    }
}
