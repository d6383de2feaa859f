package io.bolide.broker.metrics;

import io.bolide.broker.pop.PopPosition;
import io.bolide.store.MessageStore;

/**
 * One consumer group's standing on one topic, summed over the queues it has committed on, as the
 * reference's lag calculator splits it: messages not committed (lag), of which some are pulled and
 * not committed yet (in flight) and the rest not pulled yet (ready); and the store times of the
 * oldest message not committed and the oldest not pulled, from which the lag and queueing latencies
 * follow.
 *
 * <p>A queue's pull position is where the group's last pull or POP left it. Before any since the
 * broker started (positions are kept in memory, as the reference's), it is taken to be the
 * committed offset: nothing counts as in flight and everything uncommitted as ready. (The reference
 * counts from offset 0 then, calling the whole queue ready.)
 */
final class GroupLag {
    long lag;
    long inFlight;
    long ready;
    long oldestUncommitted = Long.MAX_VALUE;
    long oldestUnpulled = Long.MAX_VALUE;

    /**
     * Adds one queue: {@code committed} is the group's committed offset on it, {@code pulled} the
     * next offset its last pull handed it (-1 if none), {@code pop} its POP position (or null).
     */
    void add(
            MessageStore store,
            String topic,
            int queueId,
            long committed,
            long pulled,
            PopPosition pop) {
        long max = store.maxOffset(topic, queueId);
        long commit = Math.max(0, committed);
        long next = pop != null ? pop.next() : pulled >= 0 ? pulled : commit;
        next = Math.min(max, Math.max(commit, next));
        lag += Math.max(0, max - commit);
        inFlight += pop != null ? pop.inFlight() : next - commit;
        ready += max - next;
        if (commit < max) {
            oldestUncommitted =
                    oldest(oldestUncommitted, store.storeTimestamp(topic, queueId, commit));
        }
        if (next < max) {
            oldestUnpulled = oldest(oldestUnpulled, store.storeTimestamp(topic, queueId, next));
        }
    }

    private static long oldest(long sofar, long stored) {
        return stored > 0 ? Math.min(sofar, stored) : sofar;
    }

    /** How long the oldest uncommitted message has waited at {@code now}, 0 if none waits. */
    long lagLatency(long now) {
        return since(oldestUncommitted, now);
    }

    /** How long the oldest message not pulled yet has waited at {@code now}, 0 if none waits. */
    long queueingLatency(long now) {
        return since(oldestUnpulled, now);
    }

    private static long since(long stored, long now) {
        return stored == Long.MAX_VALUE ? 0 : Math.max(0, now - stored);
    }
}
