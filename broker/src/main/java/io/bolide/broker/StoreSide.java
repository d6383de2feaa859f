package io.bolide.broker;

import io.bolide.broker.config.BrokerSettings;
import io.bolide.broker.stats.BrokerStats;
import io.bolide.store.MessageStore;
import java.io.IOException;

/**
 * The message store as the broker runs it: opened with the current settings and handed their live
 * changes, reading through tiered storage (#36) when that is on. The tier opens first and closes
 * last; its offloader starts on the open store and stops before the store closes. Its counters go
 * to the broker's statistics, which the metrics endpoint reads.
 */
final class StoreSide {
    private StoreSide() {}

    static MessageStore open(
            BrokerSettings settings, Arrivals arrivals, Teardown teardown, BrokerStats stats)
            throws IOException {
        long opening = System.nanoTime();
        TierSide tier = TierSide.open(settings.current());
        teardown.push("closing tiered storage", tier::close);
        stats.tier(tier.stats());
        MessageStore store =
                MessageStore.open(
                        BrokerParts.storeConfig(settings.current(), arrivals, tier.coldSegments()));
        teardown.push("closing the store", store::close);
        settings.onChange(changed -> LiveStoreSettings.apply(changed, store.tuning()));
        tier.start(store);
        teardown.push("stopping the offloader", tier::stop);
        Teardown.logIfSlow("opening the store", opening);
        return store;
    }
}
