package io.bolide.broker.ha;

import io.bolide.broker.config.BrokerConfig;
import java.util.concurrent.TimeUnit;

/** The HA link's timing and sizes, read once from the broker's configuration. */
record HaSettings(
        int batchSize, long heartbeatMs, long housekeepingMs, long maxGap, long syncTimeoutMs) {

    static HaSettings of(BrokerConfig config) {
        return new HaSettings(
                Math.min(config.haTransferBatchSize(), HaFrame.MAX_BODY),
                config.haSendHeartbeatInterval(),
                config.haHousekeepingInterval(),
                config.haMaxGapNotInSync(),
                config.syncFlushTimeout());
    }

    long heartbeatNanos() {
        return TimeUnit.MILLISECONDS.toNanos(heartbeatMs);
    }

    long housekeepingNanos() {
        return TimeUnit.MILLISECONDS.toNanos(housekeepingMs);
    }
}
