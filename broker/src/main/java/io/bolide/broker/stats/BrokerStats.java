package io.bolide.broker.stats;

import io.bolide.protocol.body.BrokerStatsData;
import io.bolide.tier.TierStats;
import java.time.InstantSource;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The broker's message statistics under the reference's names, which VIEW_BROKER_STATS_DATA,
 * mqadmin {@code statsAll} and rocketmq-exporter ask for: puts per topic, gets per group and topic,
 * sends back per group and topic, and the broker's totals.
 *
 * <p>The send and pull paths count through {@link #put} and {@link #got}: two map lookups with the
 * strings the request already holds (a topic, then a group within it), then {@link
 * java.util.concurrent.atomic.LongAdder} additions. Nothing is allocated after a topic's or group's
 * first message, and nothing locks. The {@code topic@group} keys the tools ask by are only built
 * when a tool asks.
 */
public final class BrokerStats {
    public static final String TOPIC_PUT_NUMS = "TOPIC_PUT_NUMS";
    public static final String TOPIC_PUT_SIZE = "TOPIC_PUT_SIZE";
    public static final String GROUP_GET_NUMS = "GROUP_GET_NUMS";
    public static final String GROUP_GET_SIZE = "GROUP_GET_SIZE";
    public static final String SNDBCK_PUT_NUMS = "SNDBCK_PUT_NUMS";
    public static final String BROKER_PUT_NUMS = "BROKER_PUT_NUMS";
    public static final String BROKER_GET_NUMS = "BROKER_GET_NUMS";

    /** How often {@link #sample()} must run: the minute window's spacing. */
    public static final long SAMPLE_PERIOD_MS = 10_000;

    private final ConcurrentHashMap<String, TopicStats> topics = new ConcurrentHashMap<>();
    private final StatsItem brokerPuts;
    private final StatsItem brokerGets;
    private final MessageSizes sizes = new MessageSizes();
    private final PairTally deadLetters = new PairTally();
    private final PullOffsets pulls = new PullOffsets();
    private final TransactionStats transactions = new TransactionStats();
    private final TimerStats timer = new TimerStats();
    private final PopStats pop = new PopStats();
    private volatile TierStats tier;
    private final InstantSource clock;
    private long ticks = 1;

    public BrokerStats(InstantSource clock) {
        this.clock = clock;
        brokerPuts = new StatsItem(clock.millis());
        brokerGets = new StatsItem(clock.millis());
    }

    /** {@code messages} stored in {@code topic}, {@code bytes} in all. */
    public void put(String topic, int messages, long bytes) {
        TopicStats stats = topic(topic);
        stats.putNums.add(messages);
        stats.putSize.add(bytes);
        brokerPuts.add(messages);
        sizes.record(messages, bytes);
    }

    /** {@code messages} of {@code topic} pulled by {@code group}, {@code bytes} in all. */
    public void got(String group, String topic, int messages, long bytes) {
        GroupStats stats = group(topic(topic), group);
        stats.getNums.add(messages);
        stats.getSize.add(bytes);
        brokerGets.add(messages);
    }

    /** A message of {@code topic} sent back by {@code group} for a later retry. */
    public void sentBack(String group, String topic) {
        group(topic(topic), group).sentBack.add(1);
    }

    /**
     * A message of {@code topic} that {@code group} failed to consume went to the group's
     * dead-letter queue (the reference's {@code rocketmq_send_to_dlq_messages_total}).
     */
    public void deadLettered(String group, String topic) {
        deadLetters.add(group, topic, 1);
    }

    /** Messages sent to dead-letter queues, by group and original topic. */
    public PairTally deadLetters() {
        return deadLetters;
    }

    /** Where each group's pulls have reached. */
    public PullOffsets pulls() {
        return pulls;
    }

    public TransactionStats transactions() {
        return transactions;
    }

    public TimerStats timer() {
        return timer;
    }

    /** Tiered storage's counters (#36), or null while tiering is off. */
    public TierStats tier() {
        return tier;
    }

    /** Set once the store opens with tiered storage on. */
    public void tier(TierStats stats) {
        this.tier = stats;
    }

    public PopStats pop() {
        return pop;
    }

    private TopicStats topic(String topic) {
        TopicStats stats = topics.get(topic);
        return stats != null
                ? stats
                : topics.computeIfAbsent(topic, t -> new TopicStats(clock.millis()));
    }

    private GroupStats group(TopicStats topic, String group) {
        GroupStats stats = topic.groups.get(group);
        return stats != null
                ? stats
                : topic.groups.computeIfAbsent(group, g -> new GroupStats(clock.millis()));
    }

    /** The size distribution of every stored message. */
    public MessageSizes sizes() {
        return sizes;
    }

    /** What the metrics endpoint reads of the totals, each counted since the broker started. */
    public interface Visitor {
        /** {@code messages} stored in {@code topic}, {@code bytes} in all. */
        void put(String topic, long messages, long bytes);

        /** {@code messages} of {@code topic} pulled by {@code group}, {@code bytes} in all. */
        void got(String topic, String group, long messages, long bytes);
    }

    /** Shows {@code visitor} every topic's and group's totals (at a scrape: not a hot path). */
    public void visit(Visitor visitor) {
        topics.forEach(
                (topic, stats) -> {
                    visitor.put(topic, stats.putNums.value(), stats.putSize.value());
                    stats.groups.forEach(
                            (group, g) ->
                                    visitor.got(
                                            topic, group, g.getNums.value(), g.getSize.value()));
                });
    }

    /** Forgets a deleted topic's statistics. */
    public void remove(String topic) {
        topics.remove(topic);
        pulls.remove(topic);
    }

    /** Takes one sample of every statistic; run every {@link #SAMPLE_PERIOD_MS} by one thread. */
    public void sample() {
        long now = clock.millis();
        long tick = ticks++;
        brokerPuts.sample(tick, now);
        brokerGets.sample(tick, now);
        for (TopicStats stats : topics.values()) {
            stats.putNums.sample(tick, now);
            stats.putSize.sample(tick, now);
            for (GroupStats group : stats.groups.values()) {
                group.getNums.sample(tick, now);
                group.getSize.sample(tick, now);
                group.sentBack.sample(tick, now);
            }
        }
    }

    /** The statistic {@code name} of {@code key} over its three windows, or null if unknown. */
    public BrokerStatsData view(String name, String key) {
        StatsItem item = find(name, key);
        if (item == null) {
            return null;
        }
        long now = clock.millis();
        return new BrokerStatsData(item.minute(now), item.hour(now), item.day(now));
    }

    /** Messages {@code group} got from {@code topic} since the broker started. */
    public long gotTotal(String group, String topic) {
        StatsItem item = find(GROUP_GET_NUMS, topic + "@" + group);
        return item == null ? 0 : item.value();
    }

    private StatsItem find(String name, String key) {
        switch (name) {
            case BROKER_PUT_NUMS:
                return brokerPuts;
            case BROKER_GET_NUMS:
                return brokerGets;
            case TOPIC_PUT_NUMS:
            case TOPIC_PUT_SIZE:
                TopicStats topic = topics.get(key);
                return topic == null ? null : topic.item(name);
            case GROUP_GET_NUMS:
            case GROUP_GET_SIZE:
            case SNDBCK_PUT_NUMS:
                return groupItem(name, key);
            default:
                return null;
        }
    }

    /** Group statistics are keyed {@code topic@group}, as in the reference. */
    private StatsItem groupItem(String name, String key) {
        int at = key.indexOf('@');
        if (at < 0) {
            return null;
        }
        TopicStats topic = topics.get(key.substring(0, at));
        GroupStats group = topic == null ? null : topic.groups.get(key.substring(at + 1));
        return group == null ? null : group.item(name);
    }

    private static final class TopicStats {
        final StatsItem putNums;
        final StatsItem putSize;
        final ConcurrentHashMap<String, GroupStats> groups = new ConcurrentHashMap<>();

        TopicStats(long createdMillis) {
            putNums = new StatsItem(createdMillis);
            putSize = new StatsItem(createdMillis);
        }

        StatsItem item(String name) {
            return TOPIC_PUT_NUMS.equals(name) ? putNums : putSize;
        }
    }

    private static final class GroupStats {
        final StatsItem getNums;
        final StatsItem getSize;
        final StatsItem sentBack;

        GroupStats(long createdMillis) {
            getNums = new StatsItem(createdMillis);
            getSize = new StatsItem(createdMillis);
            sentBack = new StatsItem(createdMillis);
        }

        StatsItem item(String name) {
            switch (name) {
                case GROUP_GET_NUMS:
                    return getNums;
                case GROUP_GET_SIZE:
                    return getSize;
                default:
                    return sentBack;
            }
        }
    }
}
