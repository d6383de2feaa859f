package io.bolide.broker.stats;

import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Where each group's pulls have reached on each queue: the next offset the last answered pull
 * handed the group, as the reference's pull-offset table keeps it. The consumer-lag metrics read it
 * to split what a group has not committed into messages pulled and not yet committed (in flight)
 * and messages not pulled yet (ready). Kept in memory only, as the reference's.
 *
 * <p>A pull records with two lock-free lookups (topic, then group) and an array write indexed by
 * queue id; a group's array is allocated on its first pull of a topic and grown when a larger queue
 * id comes. A write racing a growth may be lost; the next pull of that queue restores it.
 */
public final class PullOffsets {
    private final ConcurrentHashMap<String, ConcurrentHashMap<String, Marks>> topics =
            new ConcurrentHashMap<>();

    /** The last pull of {@code group} on the queue handed it {@code next} as its next offset. */
    public void pulled(String group, String topic, int queueId, long next) {
        if (queueId < 0) {
            return;
        }
        ConcurrentHashMap<String, Marks> groups = topics.get(topic);
        if (groups == null) {
            groups = topics.computeIfAbsent(topic, t -> new ConcurrentHashMap<>());
        }
        Marks marks = groups.get(group);
        if (marks == null) {
            marks = groups.computeIfAbsent(group, g -> new Marks());
        }
        marks.set(queueId, next);
    }

    /** The next offset the last pull handed {@code group} on the queue, or -1 if none did. */
    public long query(String group, String topic, int queueId) {
        ConcurrentHashMap<String, Marks> groups = topics.get(topic);
        Marks marks = groups == null ? null : groups.get(group);
        return marks == null ? -1 : marks.get(queueId);
    }

    /** Forgets a deleted topic. */
    void remove(String topic) {
        topics.remove(topic);
    }

    /** One group's marks on one topic, by queue id; -1 where it never pulled. */
    private static final class Marks {
        private volatile AtomicLongArray offsets = filled(8);

        void set(int queueId, long next) {
            AtomicLongArray now = offsets;
            if (queueId >= now.length()) {
                now = grow(queueId);
            }
            now.set(queueId, next);
        }

        long get(int queueId) {
            AtomicLongArray now = offsets;
            return queueId >= 0 && queueId < now.length() ? now.get(queueId) : -1;
        }

        private synchronized AtomicLongArray grow(int queueId) {
            AtomicLongArray old = offsets;
            if (queueId < old.length()) {
                return old;
            }
            AtomicLongArray bigger = filled(Math.max(queueId + 1, old.length() * 2));
            for (int i = 0; i < old.length(); i++) {
                bigger.set(i, old.get(i));
            }
            offsets = bigger;
            return bigger;
        }

        private static AtomicLongArray filled(int length) {
            long[] values = new long[length];
            Arrays.fill(values, -1);
            return new AtomicLongArray(values);
        }
    }
}
