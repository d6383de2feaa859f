package io.bolide.store;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Next queue offset of every topic/queue, touched only under the commit log's append lock. Keyed by
 * topic, then indexed by queue id, so an append does one map lookup and builds no key string.
 */
final class QueueOffsetTable {
    static final int MAX_QUEUE_ID = 1 << 16;

    private final Map<String, long[]> table = new HashMap<>(256);

    long peek(String topic, int queueId) {
        long[] queues = table.get(topic);
        return queues == null || queueId >= queues.length ? 0 : queues[queueId];
    }

    void set(String topic, int queueId, long next) {
        long[] queues = table.get(topic);
        if (queues == null || queueId >= queues.length) {
            int length = Math.max(8, Integer.highestOneBit(queueId) << 1);
            queues = queues == null ? new long[length] : Arrays.copyOf(queues, length);
            table.put(topic, queues);
        }
        queues[queueId] = next;
    }

    void clear() {
        table.clear();
    }

    void removeTopic(String topic) {
        table.remove(topic);
    }
}
