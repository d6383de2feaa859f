package io.bolide.broker;

import io.bolide.broker.admin.AdminPlane;
import io.bolide.broker.config.BrokerConfig;
import io.bolide.broker.config.BrokerConfigKeys;
import io.bolide.broker.consumer.ClientRegistry;
import io.bolide.broker.duty.DutyThread;
import io.bolide.broker.duty.PeriodicDuty;
import io.bolide.broker.lite.LiteSubscriptions;
import io.bolide.broker.registration.NameServerRegistrar;
import io.bolide.broker.stats.BrokerStats;
import io.bolide.broker.table.ConsumerOffsetTable;
import io.bolide.broker.table.DeferredPersist;
import io.bolide.broker.table.SubscriptionGroupTable;
import io.bolide.broker.table.TopicTable;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The broker's periodic duties on one thread ({@code bolide-broker-duties}): name-server
 * heartbeats, table persistence, traffic and statistics sampling, client and lite-subscription
 * expiry; the same thread writes the topic file once per burst of changes. Started last, once every
 * handler is registered, because it tells the name servers the broker exists.
 */
final class BrokerDuties {
    private static final Logger LOG = LoggerFactory.getLogger(BrokerDuties.class);
    private static final long EXPIRY_SCAN_MS = 10_000;

    /** The tables the duties persist and the clients they expire. */
    record Tables(
            TopicTable topics,
            ConsumerOffsetTable offsets,
            SubscriptionGroupTable groups,
            ClientRegistry clients,
            LiteSubscriptions lites) {}

    private BrokerDuties() {}

    /** Starts the duty thread and the first registration with every name server. */
    static DutyThread start(
            Supplier<BrokerConfig> settings,
            NameServerRegistrar registrar,
            Tables tables,
            AdminPlane admin,
            BrokerStats stats) {
        // Periods read at each pass: registerNameServerPeriod, flushConsumerOffsetInterval,
        // channelExpiredTimeout and the lite check keys change live, from the next round.
        LongSupplier period =
                () -> Math.max(10_000, Math.min(60_000, settings.get().registerNameServerPeriod()));
        LongSupplier offsetsEvery = () -> settings.get().flushConsumerOffsetInterval();
        DutyThread thread =
                DutyThread.start(
                        "bolide-broker-duties",
                        List.of(
                                every("name-server heartbeat", period, registrar::heartbeat),
                                every(
                                        "consumer offsets",
                                        offsetsEvery,
                                        BrokerParts.persisting(
                                                "consumer offsets", tables.offsets()::persist)),
                                every(
                                        "traffic sampling",
                                        () -> AdminPlane.SAMPLE_PERIOD_MS,
                                        admin::sample),
                                every(
                                        "statistics sampling",
                                        () -> BrokerStats.SAMPLE_PERIOD_MS,
                                        stats::sample),
                                every(
                                        "subscription groups",
                                        offsetsEvery,
                                        BrokerParts.persisting(
                                                "subscription groups", tables.groups()::persist)),
                                clientExpiry(settings, tables.clients()),
                                liteExpiry(settings, tables.lites())));
        persistTopicsOnChange(thread, registrar, tables.topics());
        registerTimed(registrar);
        return thread;
    }

    /** The start's full registration, logged with how long the name servers took to answer. */
    private static void registerTimed(NameServerRegistrar registrar) {
        long registering = System.nanoTime();
        registrar
                .registerAll()
                .thenRun(
                        () ->
                                LOG.info(
                                        "registered with the name servers in {} ms",
                                        (System.nanoTime() - registering) / 1_000_000));
    }

    /**
     * A topic change is registered with the name servers first (an admin's creation is answered
     * when that completes), then written to the topic file with the burst it belongs to.
     */
    private static void persistTopicsOnChange(
            DutyThread thread, NameServerRegistrar registrar, TopicTable topics) {
        DeferredPersist topicFile =
                new DeferredPersist(thread::schedule, topics::persist, System::nanoTime);
        topics.onChange(
                topic -> {
                    CompletableFuture<Void> registered = registrar.topicChanged(topic);
                    topicFile.changed();
                    return registered;
                });
        thread.schedule(BrokerParts.persisting("topics", topics::persist), 0);
    }

    /** Drops clients silent for {@code channelExpiredTimeout}. */
    private static PeriodicDuty clientExpiry(
            Supplier<BrokerConfig> settings, ClientRegistry clients) {
        return every(
                "client expiry",
                () -> Math.min(EXPIRY_SCAN_MS, settings.get().channelExpiredTimeout() / 2),
                () ->
                        clients.expire(
                                System.currentTimeMillis()
                                        - settings.get().channelExpiredTimeout()));
    }

    /** Forgets lite subscriptions no sync has set for {@code liteSubscriptionCheckTimeoutMills}. */
    private static PeriodicDuty liteExpiry(
            Supplier<BrokerConfig> settings, LiteSubscriptions lites) {
        return every(
                "lite subscription expiry",
                () -> settings.get().values().get(BrokerConfigKeys.LITE.subscriptionCheckInterval),
                () -> {
                    long timeout =
                            settings.get()
                                    .values()
                                    .get(BrokerConfigKeys.LITE.subscriptionCheckTimeout);
                    int forgotten = lites.expire(timeout);
                    if (forgotten > 0) {
                        LOG.info(
                                "forgot the lite subscriptions of {} clients not synced for {} ms",
                                forgotten,
                                timeout);
                    }
                });
    }

    private static PeriodicDuty every(String name, LongSupplier periodMs, Runnable duty) {
        return PeriodicDuty.atFixedRate(name, periodMs.getAsLong(), periodMs, duty);
    }
}
