package io.bolide.broker;

import io.bolide.broker.config.BrokerConfig;
import io.bolide.broker.config.BrokerConfigKeys;
import io.bolide.broker.config.BrokerSettings;
import io.bolide.broker.stats.BrokerStats;
import io.bolide.store.ArrivalListener;
import io.bolide.store.MessageStore;
import java.io.IOException;

/**
 * The message store as the broker runs it, reading through tiered storage (#36) when that is on.
 * The tier opens first and closes last; its offloader starts on the open store and stops before the
 * store closes. Each start of the broker's parts (a role switch in controller mode, issue #37)
 * attaches to it: the store's arrival notices go to that start's long-polling holds, its live
 * settings changes to the store, its counters to that start's statistics. With tiering off the
 * broker keeps one store across role switches, which the store makes in place ({@link
 * MessageStore#changeRole}); with tiering on (a slave's copy stays local, a master's is tiered)
 * each role opens its own.
 */
final class StoreSide implements AutoCloseable {
    private final Teardown teardown;
    private final TierSide tier;
    private final MessageStore store;
    private final Forward arrivals;

    private StoreSide(Teardown teardown, TierSide tier, MessageStore store, Forward arrivals) {
        this.teardown = teardown;
        this.tier = tier;
        this.store = store;
        this.arrivals = arrivals;
    }

    /** Whether a broker of {@code config} keeps its store across role switches (tiering off). */
    static boolean keptAcrossRoles(BrokerConfig config) {
        return !BrokerConfigKeys.TIER.on(config.values());
    }

    /**
     * Opens the tier (when on for this role) and the store as {@code configured} says, with the
     * live changes kept in its settings file laid over it.
     */
    static StoreSide open(BrokerConfig configured) throws IOException {
        long opening = System.nanoTime();
        BrokerConfig config = BrokerSettings.open(configured).current();
        Teardown teardown = new Teardown();
        try {
            TierSide tier = TierSide.open(config);
            teardown.push("closing tiered storage", tier::close);
            Forward arrivals = new Forward();
            MessageStore store =
                    MessageStore.open(
                            BrokerParts.storeConfig(config, arrivals, tier.coldSegments()));
            teardown.push("closing the store", store::close);
            tier.start(store);
            teardown.push("stopping the offloader", tier::stop);
            Teardown.logIfSlow("opening the store", opening);
            return new StoreSide(teardown, tier, store, arrivals);
        } catch (IOException | RuntimeException e) {
            teardown.close();
            throw e;
        }
    }

    MessageStore store() {
        return store;
    }

    /**
     * The store one start of the broker's parts runs on, attached to them ({@link #attach}): {@code
     * kept}, the broker's across role switches, or else one opened for these parts alone and closed
     * with them ({@code teardown}).
     */
    static MessageStore forParts(
            StoreSide kept,
            BrokerConfig config,
            BrokerSettings settings,
            ArrivalListener listener,
            BrokerStats stats,
            Teardown teardown)
            throws IOException {
        StoreSide side = kept;
        if (side == null) {
            side = open(config);
            teardown.push("closing the store", side::close);
        }
        side.attach(settings, listener, stats, teardown);
        return side.store;
    }

    /**
     * Attaches one start of the broker's parts until {@code parts} runs: arrivals to {@code
     * listener}, the settings' current and live values to the store, tier counters to {@code
     * stats}.
     */
    void attach(
            BrokerSettings settings, ArrivalListener listener, BrokerStats stats, Teardown parts) {
        stats.tier(tier.stats());
        LiveStoreSettings.apply(settings.current(), store.tuning());
        settings.onChange(changed -> LiveStoreSettings.apply(changed, store.tuning()));
        arrivals.target = listener;
        parts.push("detaching from the store", () -> arrivals.target = ArrivalListener.NONE);
    }

    /** Stops the offloader, flushes and closes the store, then the tier. */
    @Override
    public void close() {
        teardown.close();
    }

    /** The store's listener for its life, handing each arrival to the parts attached now. */
    private static final class Forward implements ArrivalListener {
        private volatile ArrivalListener target = ArrivalListener.NONE;

        @Override
        public void arrived(String topic, int queueId, long queueOffset, long tagsCode) {
            target.arrived(topic, queueId, queueOffset, tagsCode);
        }
    }
}
