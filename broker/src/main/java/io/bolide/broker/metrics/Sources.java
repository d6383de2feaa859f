package io.bolide.broker.metrics;

import io.bolide.broker.config.BrokerConfig;
import io.bolide.broker.consumer.ClientRegistry;
import io.bolide.broker.ha.ReplicationState;
import io.bolide.broker.pull.PullHoldAgent;
import io.bolide.broker.stats.BrokerStats;
import io.bolide.broker.table.ConsumerOffsetTable;
import io.bolide.broker.table.SubscriptionGroupTable;
import io.bolide.broker.table.TopicTable;
import io.bolide.store.MessageStore;
import java.util.function.Supplier;

/**
 * What the broker's metrics are read from at a scrape: the counters and tables the broker keeps for
 * its own work. Nothing here is kept for the metrics alone.
 *
 * @param config the broker's settings as they are now (live changes included)
 * @param replication this broker's replication as it is now, or null when it has none
 * @param pops where consumer groups stand by POP (the in-flight and ready counts of POP groups)
 */
public record Sources(
        Supplier<BrokerConfig> config,
        BrokerStats stats,
        MessageStore store,
        TopicTable topics,
        ConsumerOffsetTable offsets,
        SubscriptionGroupTable groups,
        ClientRegistry clients,
        PullHoldAgent hold,
        Supplier<ReplicationState> replication,
        PopPositions pops) {}
