package io.bolide.broker;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Committed consumer offsets per {@code topic@group} and queue (the next offset to consume), kept
 * in memory and persisted as JSON periodically and at shutdown.
 */
final class ConsumerOffsetTable {
    private static final char SEPARATOR = '@';

    private final ConcurrentHashMap<String, ConcurrentHashMap<Integer, Long>> offsets =
            new ConcurrentHashMap<>(64);
    private final JsonFile file;

    ConsumerOffsetTable(JsonFile file) {
        this.file = file;
    }

    /** The persisted form: RocketMQ's {@code consumerOffset.json} shape. */
    record Snapshot(Map<String, Map<Integer, Long>> offsetTable) {}

    void load() throws IOException {
        Snapshot saved = file.read(Snapshot.class);
        if (saved == null || saved.offsetTable() == null) {
            return;
        }
        for (Map.Entry<String, Map<Integer, Long>> entry : saved.offsetTable().entrySet()) {
            offsets.put(entry.getKey(), new ConcurrentHashMap<>(entry.getValue()));
        }
    }

    void persist() throws IOException {
        Map<String, Map<Integer, Long>> copy = new HashMap<>(offsets.size() * 2);
        for (Map.Entry<String, ConcurrentHashMap<Integer, Long>> entry : offsets.entrySet()) {
            copy.put(entry.getKey(), new HashMap<>(entry.getValue()));
        }
        file.write(new Snapshot(copy));
    }

    /** Stores {@code offset} for the group on the queue. */
    void commit(String group, String topic, int queueId, long offset) {
        offsets.computeIfAbsent(key(topic, group), k -> new ConcurrentHashMap<>(16))
                .put(queueId, offset);
    }

    /** The committed offset, or -1 if the group has none for the queue. */
    long query(String group, String topic, int queueId) {
        ConcurrentHashMap<Integer, Long> queues = offsets.get(key(topic, group));
        if (queues == null) {
            return -1;
        }
        Long offset = queues.get(queueId);
        return offset == null ? -1 : offset;
    }

    void removeTopic(String topic) {
        String prefix = topic + SEPARATOR;
        offsets.keySet().removeIf(k -> k.startsWith(prefix));
    }

    private static String key(String topic, String group) {
        return topic + SEPARATOR + group;
    }
}
