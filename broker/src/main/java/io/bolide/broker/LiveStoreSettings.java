package io.bolide.broker;

import io.bolide.broker.config.BrokerConfig;
import io.bolide.store.Retention;
import io.bolide.store.StoreTuning;

/**
 * Hands the store keys that change live (fileReservedTime, deleteWhen, diskMaxUsedSpaceRatio,
 * flushIntervalCommitLog) to the running store, whose agents copied them at open.
 */
final class LiveStoreSettings {
    private LiveStoreSettings() {}

    /** Retention and the flush period of {@code config}, in force from the agents' next pass. */
    static void apply(BrokerConfig config, StoreTuning tuning) {
        tuning.retention(retention(config));
        tuning.flushIntervalMs(config.flushIntervalCommitLog());
    }

    static Retention retention(BrokerConfig config) {
        return new Retention(
                config.fileReservedTime(),
                config.deleteWhen(),
                config.diskMaxUsedSpaceRatio() / 100.0);
    }
}
