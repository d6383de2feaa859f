package io.bolide.namesrv;

import io.bolide.protocol.body.QueueData;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * The name server's route data and the one read-write lock that guards it, shared by {@link
 * RouteTable} (what brokers register, liveness, route lookups) and {@link TopicCatalog} (topic
 * listings and the admin commands that edit topics). The maps are read and written only under the
 * lock; see {@link RouteTable} for their shape.
 */
final class RouteState {
    /** The write permission bit of a queue's {@code perm}. */
    static final int PERM_WRITE = 2;

    private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
    final Lock read = lock.readLock();
    final Lock write = lock.writeLock();
    final Map<String, Set<String>> clusters = new HashMap<>();
    final Map<String, BrokerGroup> brokers = new HashMap<>();
    final Map<String, Map<String, QueueData>> topics = new HashMap<>();
    final Map<BrokerKey, LiveBroker> live = new HashMap<>();
    final Map<String, List<String>> filters = new HashMap<>();
    final StaticMappings mappings = new StaticMappings();

    /**
     * Sets ({@code writable}) or clears the write permission of every queue on {@code brokerName};
     * the caller holds the write lock. Returns how many topics it changed.
     */
    int setWritableLocked(String brokerName, boolean writable) {
        int count = 0;
        for (Map<String, QueueData> queues : topics.values()) {
            QueueData q = queues.get(brokerName);
            if (q != null) {
                int perm = writable ? q.perm() | PERM_WRITE : q.perm() & ~PERM_WRITE;
                queues.put(brokerName, q.withPerm(perm));
                count++;
            }
        }
        return count;
    }
}
