package io.bolide.broker;

import io.bolide.broker.config.BrokerSettings;
import io.bolide.store.MessageStore;
import java.io.IOException;

/**
 * The message store as the broker runs it: opened with the current settings and handed their live
 * changes, reading through tiered storage (#36) when that is on. The tier opens first and closes
 * last; its offloader starts on the open store and stops before the store closes.
 */
final class StoreSide {
    private StoreSide() {}

    static MessageStore open(BrokerSettings settings, Arrivals arrivals, Teardown teardown)
            throws IOException {
        TierSide tier = TierSide.open(settings.current());
        teardown.push("closing tiered storage", tier::close);
        MessageStore store =
                MessageStore.open(
                        BrokerParts.storeConfig(settings.current(), arrivals, tier.coldSegments()));
        teardown.push("closing the store", store::close);
        settings.onChange(changed -> LiveStoreSettings.apply(changed, store.tuning()));
        tier.start(store);
        teardown.push("stopping the offloader", tier::stop);
        return store;
    }
}
