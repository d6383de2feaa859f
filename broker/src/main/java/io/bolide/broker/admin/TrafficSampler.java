package io.bolide.broker.admin;

import io.bolide.broker.table.ConsumerOffsetTable;
import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.body.TopicConfig;
import io.bolide.store.MessageStore;
import java.time.Clock;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Message traffic for admin tools, sampled once a second off the request path: messages put (the
 * growth of every queue's max offset) and consumed (the growth of committed offsets), overall, per
 * topic and per group. Counting by sampling keeps the send and pull paths free of counters; the
 * cost is that traffic is seen per second, and a consumed message counts when its offset is
 * committed rather than when it is pulled.
 */
final class TrafficSampler {
    /** Seconds of history kept: enough for the ten-minute average. */
    private static final int WINDOW = 601;

    private final TopicTable topics;
    private final ConsumerOffsetTable offsets;
    private final MessageStore store;
    private final Clock clock;
    private final long[] putRing = new long[WINDOW];
    private final long[] getRing = new long[WINDOW];
    private final Map<String, Long> lastTopicSums = new HashMap<>();
    private final Map<String, Long> lastGroupSums = new HashMap<>();
    private final ConcurrentHashMap<String, Double> topicTps = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, Double> groupTps = new ConcurrentHashMap<>();
    private volatile long samples;
    private volatile long putTotal;
    private volatile long getTotal;
    private volatile DayMarks marks;

    /** Counter values at the start of today and of yesterday (0 before the broker's boot). */
    record DayMarks(LocalDate day, long putToday, long getToday, long putYest, long getYest) {}

    TrafficSampler(
            TopicTable topics, ConsumerOffsetTable offsets, MessageStore store, Clock clock) {
        this.topics = topics;
        this.offsets = offsets;
        this.store = store;
        this.clock = clock;
        this.marks = new DayMarks(today(), 0, 0, 0, 0);
    }

    /** Takes one sample; run once a second by one thread. */
    synchronized void sample() {
        long put = putTotal + sampleTopics();
        long get = getTotal + sampleGroups();
        LocalDate day = today();
        DayMarks m = marks;
        if (!day.equals(m.day())) {
            marks = new DayMarks(day, putTotal, getTotal, m.putToday(), m.getToday());
        }
        putTotal = put;
        getTotal = get;
        int slot = (int) (samples % WINDOW);
        putRing[slot] = put;
        getRing[slot] = get;
        samples++;
    }

    private long sampleTopics() {
        long growth = 0;
        for (TopicConfig topic : topics.all().values()) {
            long sum = 0;
            for (int queueId = 0; queueId < topic.writeQueueNums(); queueId++) {
                sum += Math.max(0, store.maxOffset(topic.topicName(), queueId));
            }
            long delta = growth(lastTopicSums.put(topic.topicName(), sum), sum);
            topicTps.put(topic.topicName(), (double) delta);
            growth += delta;
        }
        lastTopicSums.keySet().retainAll(topics.all().keySet());
        topicTps.keySet().retainAll(topics.all().keySet());
        return growth;
    }

    private long sampleGroups() {
        long growth = 0;
        Map<String, Long> totals = offsets.totalsByGroup();
        for (Map.Entry<String, Long> entry : totals.entrySet()) {
            long delta =
                    growth(lastGroupSums.put(entry.getKey(), entry.getValue()), entry.getValue());
            groupTps.put(entry.getKey(), (double) delta);
            growth += delta;
        }
        lastGroupSums.keySet().retainAll(totals.keySet());
        groupTps.keySet().retainAll(totals.keySet());
        return growth;
    }

    /**
     * Growth of a counter since the last sample. A counter seen for the first time grew from zero
     * (a topic or group created since), except in the first sample, which only sets the baseline.
     */
    private long growth(Long last, long now) {
        if (last == null) {
            return samples == 0 ? 0 : now;
        }
        return Math.max(0, now - last);
    }

    long putTotal() {
        return putTotal;
    }

    long getTotal() {
        return getTotal;
    }

    DayMarks marks() {
        return marks;
    }

    /** Messages put per second, averaged over the last {@code seconds} (at most 600). */
    synchronized double putTps(int seconds) {
        return rate(putRing, seconds);
    }

    /** Messages consumed per second, averaged over the last {@code seconds} (at most 600). */
    synchronized double getTps(int seconds) {
        return rate(getRing, seconds);
    }

    /** Messages put into {@code topic} in the last second. */
    double topicPutTps(String topic) {
        return topicTps.getOrDefault(topic, 0.0);
    }

    /** Messages {@code group} committed in the last second. */
    double groupConsumeTps(String group) {
        return groupTps.getOrDefault(group, 0.0);
    }

    private double rate(long[] ring, int seconds) {
        long taken = samples;
        int span = (int) Math.min(Math.min(seconds, WINDOW - 1), taken - 1);
        if (span <= 0) {
            return 0;
        }
        long newest = ring[(int) ((taken - 1) % WINDOW)];
        long oldest = ring[(int) ((taken - 1 - span) % WINDOW)];
        return (newest - oldest) / (double) span;
    }

    private LocalDate today() {
        return LocalDate.now(clock);
    }
}
