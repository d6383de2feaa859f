package io.bolide.broker.consumer;

import io.bolide.protocol.body.MessageQueue;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;

/**
 * Which client of an orderly consumer group holds each queue (LOCK_BATCH_MQ / UNLOCK_BATCH_MQ).
 *
 * <p>A lock is granted when the queue is free, already held by the same client, or held by a lock
 * not renewed for {@code maxLiveMillis}; every grant renews it. The client renews its locks every
 * 20 s and stops consuming a queue whose lock is 30 s old, so a 60 s expiry hands a dead client's
 * queues to another without two clients ever consuming one queue at once. Lock traffic is a few
 * requests per client per 20 s, so one monitor guards the table.
 */
final class QueueLockTable {
    /** rebalanceLockMaxLiveTime, read at each request (it changes live). */
    private final LongSupplier maxLiveMillis;

    private final LongSupplier clock;
    private final Map<String, Map<MessageQueue, Holder>> groups = new HashMap<>();

    QueueLockTable(long maxLiveMillis, LongSupplier clock) {
        this(() -> maxLiveMillis, clock);
    }

    QueueLockTable(LongSupplier maxLiveMillis, LongSupplier clock) {
        this.maxLiveMillis = maxLiveMillis;
        this.clock = clock;
    }

    /**
     * Locks what it can of {@code queues} for {@code clientId}; returns the queues it now holds.
     */
    synchronized Set<MessageQueue> lock(String group, Set<MessageQueue> queues, String clientId) {
        long now = clock.getAsLong();
        Map<MessageQueue, Holder> table = groups.computeIfAbsent(group, g -> new HashMap<>());
        Set<MessageQueue> locked = new LinkedHashSet<>();
        for (MessageQueue queue : queues) {
            Holder holder = table.get(queue);
            if (holder == null
                    || holder.clientId.equals(clientId)
                    || now - holder.lastRenewed > maxLiveMillis.getAsLong()) {
                table.put(queue, new Holder(clientId, now));
                locked.add(queue);
            }
        }
        return locked;
    }

    /** Releases those of {@code queues} that {@code clientId} holds; others' locks stay. */
    synchronized void unlock(String group, Set<MessageQueue> queues, String clientId) {
        Map<MessageQueue, Holder> table = groups.get(group);
        if (table == null) {
            return;
        }
        for (MessageQueue queue : queues) {
            Holder holder = table.get(queue);
            if (holder != null && holder.clientId.equals(clientId)) {
                table.remove(queue);
            }
        }
        if (table.isEmpty()) {
            groups.remove(group);
        }
    }

    /** The live holder of {@code queue} in {@code group}, or null when it is free or expired. */
    synchronized String holder(String group, MessageQueue queue) {
        Map<MessageQueue, Holder> table = groups.get(group);
        Holder holder = table == null ? null : table.get(queue);
        if (holder == null || clock.getAsLong() - holder.lastRenewed > maxLiveMillis.getAsLong()) {
            return null;
        }
        return holder.clientId;
    }

    private record Holder(String clientId, long lastRenewed) {}
}
