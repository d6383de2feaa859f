package io.bolide.broker.table;

import java.io.IOException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Committed consumer offsets per {@code topic@group} and queue (the next offset to consume), kept
 * in memory and persisted as JSON periodically and at shutdown.
 */
public final class ConsumerOffsetTable {
    private static final char SEPARATOR = '@';

    private final ConcurrentHashMap<String, ConcurrentHashMap<Integer, Long>> offsets =
            new ConcurrentHashMap<>(64);
    private final JsonFile file;

    public ConsumerOffsetTable(JsonFile file) {
        this.file = file;
    }

    /** The persisted form: RocketMQ's {@code consumerOffset.json} shape. */
    record Snapshot(Map<String, Map<Integer, Long>> offsetTable) {}

    public void load() throws IOException {
        Snapshot saved = file.read(Snapshot.class);
        if (saved == null || saved.offsetTable() == null) {
            return;
        }
        for (Map.Entry<String, Map<Integer, Long>> entry : saved.offsetTable().entrySet()) {
            offsets.put(entry.getKey(), new ConcurrentHashMap<>(entry.getValue()));
        }
    }

    public void persist() throws IOException {
        Map<String, Map<Integer, Long>> copy = new HashMap<>(offsets.size() * 2);
        for (Map.Entry<String, ConcurrentHashMap<Integer, Long>> entry : offsets.entrySet()) {
            copy.put(entry.getKey(), new HashMap<>(entry.getValue()));
        }
        file.write(new Snapshot(copy));
    }

    /** Stores {@code offset} for the group on the queue. */
    public void commit(String group, String topic, int queueId, long offset) {
        offsets.computeIfAbsent(key(topic, group), k -> new ConcurrentHashMap<>(16))
                .put(queueId, offset);
    }

    /** The committed offset, or -1 if the group has none for the queue. */
    public long query(String group, String topic, int queueId) {
        ConcurrentHashMap<Integer, Long> queues = offsets.get(key(topic, group));
        if (queues == null) {
            return -1;
        }
        Long offset = queues.get(queueId);
        return offset == null ? -1 : offset;
    }

    /** Copies {@code src}'s offsets on {@code topic} to {@code dest}, replacing dest's. */
    public void cloneOffsets(String src, String dest, String topic) {
        ConcurrentHashMap<Integer, Long> queues = offsets.get(key(topic, src));
        if (queues != null) {
            offsets.put(key(topic, dest), new ConcurrentHashMap<>(queues));
        }
    }

    public void removeTopic(String topic) {
        String prefix = topic + SEPARATOR;
        offsets.keySet().removeIf(k -> k.startsWith(prefix));
    }

    /** Forgets every offset of {@code group}. */
    public void removeGroup(String group) {
        String suffix = SEPARATOR + group;
        offsets.keySet().removeIf(k -> k.endsWith(suffix));
    }

    /** Per group, the sum of its committed offsets over all its queues (progress counters). */
    public Map<String, Long> totalsByGroup() {
        Map<String, Long> totals = new HashMap<>();
        for (Map.Entry<String, ConcurrentHashMap<Integer, Long>> entry : offsets.entrySet()) {
            String key = entry.getKey();
            String group = key.substring(key.lastIndexOf(SEPARATOR) + 1);
            long sum = 0;
            for (long offset : entry.getValue().values()) {
                sum += Math.max(0, offset);
            }
            totals.merge(group, sum, Long::sum);
        }
        return totals;
    }

    /** The topics {@code group} has committed offsets for. */
    public Set<String> topicsOf(String group) {
        Set<String> topics = new HashSet<>();
        String suffix = SEPARATOR + group;
        for (String key : offsets.keySet()) {
            if (key.endsWith(suffix)) {
                topics.add(key.substring(0, key.length() - suffix.length()));
            }
        }
        return topics;
    }

    /** The groups with committed offsets on {@code topic}. */
    public Set<String> groupsOf(String topic) {
        Set<String> groups = new HashSet<>();
        String prefix = topic + SEPARATOR;
        for (String key : offsets.keySet()) {
            if (key.startsWith(prefix)) {
                groups.add(key.substring(prefix.length()));
            }
        }
        return groups;
    }

    private static String key(String topic, String group) {
        return topic + SEPARATOR + group;
    }
}
