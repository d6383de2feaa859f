package io.bolide.broker;

import io.bolide.broker.config.BrokerConfig;
import io.bolide.broker.config.BrokerConfigKeys;
import io.bolide.broker.config.BrokerRole;
import io.bolide.broker.config.TierKeys;
import io.bolide.remoting.config.ConfigValues;
import io.bolide.store.ColdSegments;
import io.bolide.store.MessageStore;
import io.bolide.tier.S3Settings;
import io.bolide.tier.TierSettings;
import io.bolide.tier.TierStats;
import io.bolide.tier.TieredStorage;
import java.io.IOException;

/**
 * Tiered storage of the commit log (#36) as the broker runs it, or nothing when {@code
 * tieredBackendServiceProvider} is empty or the broker is a slave: opened before the store (which
 * reads through it), its offloader started once the store is open and stopped before the store
 * closes.
 */
final class TierSide implements AutoCloseable {
    private static final long MULTIPART_THRESHOLD = 64L << 20;

    private final TieredStorage tier;

    private TierSide(TieredStorage tier) {
        this.tier = tier;
    }

    static TierSide open(BrokerConfig config) throws IOException {
        ConfigValues values = config.values();
        TierKeys keys = BrokerConfigKeys.TIER;
        // A slave's copy stays local: its master's segments are the ones tiered.
        if (!keys.on(values) || config.brokerRole() == BrokerRole.SLAVE) {
            return new TierSide(null);
        }
        String prefix = values.get(keys.prefix);
        if (prefix.isEmpty()) {
            prefix = config.brokerClusterName() + "/" + config.brokerName() + "/";
        }
        S3Settings s3 =
                new S3Settings(
                        values.get(keys.endpoint),
                        values.get(keys.region),
                        values.get(keys.bucket),
                        prefix,
                        values.get(keys.pathStyle),
                        values.get(keys.accessKey),
                        values.get(keys.secretKey),
                        MULTIPART_THRESHOLD,
                        S3Settings.MIN_PART_SIZE * 2);
        TierSettings settings =
                new TierSettings(
                        s3,
                        values.get(keys.localBudget),
                        values.get(keys.reservedTime),
                        values.get(keys.readCache),
                        values.get(keys.offloadInterval),
                        values.get(keys.maxBytes));
        return new TierSide(TieredStorage.open(settings, config.storePathRootDir()));
    }

    /** What the store is opened with; null with tiering off. */
    ColdSegments coldSegments() {
        return tier == null ? null : tier.coldSegments();
    }

    void start(MessageStore store) {
        if (tier != null) {
            tier.start(store);
        }
    }

    void stop() {
        if (tier != null) {
            tier.stop();
        }
    }

    /** Counters for the metrics endpoint; null with tiering off. */
    TierStats stats() {
        return tier == null ? null : tier.stats();
    }

    @Override
    public void close() {
        if (tier != null) {
            tier.close();
        }
    }
}
