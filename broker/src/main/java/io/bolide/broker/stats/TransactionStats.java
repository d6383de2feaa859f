package io.bolide.broker.stats;

import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;

/**
 * Transactional messages by real topic, as the reference counts them: half messages waiting for an
 * outcome (up when stored, down when committed, rolled back or given up after the last check),
 * commits and rollbacks, and how long a committed message took from its birth to its commit
 * (seconds, in the reference's ranges from 5 s to a day).
 */
public final class TransactionStats {
    /** The reference's ranges of the finish latency, seconds. */
    static final long[] FINISH_BOUNDS_S = {5, 60, 600, 3600, 43200, 86400};

    private final Tally half = new Tally();
    private final Tally commits = new Tally();
    private final Tally rollbacks = new Tally();
    private final ConcurrentHashMap<String, Buckets> finish = new ConcurrentHashMap<>();

    /** A half message of {@code topic} is stored (or found pending after a restart). */
    public void halfStored(String topic) {
        half.add(topic, 1);
    }

    /** A half message of {@code topic} is committed {@code seconds} after it was born. */
    public void committed(String topic, long seconds) {
        half.add(topic, -1);
        commits.add(topic, 1);
        Buckets buckets = finish.get(topic);
        if (buckets == null) {
            buckets = finish.computeIfAbsent(topic, t -> new Buckets(FINISH_BOUNDS_S));
        }
        buckets.record(Math.max(0, seconds));
    }

    public void rolledBack(String topic) {
        half.add(topic, -1);
        rollbacks.add(topic, 1);
    }

    /** A half message of {@code topic} was given up after its last check. */
    public void givenUp(String topic) {
        half.add(topic, -1);
    }

    /** Half messages waiting, by real topic. */
    public Tally half() {
        return half;
    }

    public Tally commits() {
        return commits;
    }

    public Tally rollbacks() {
        return rollbacks;
    }

    /** Shows {@code visitor} each topic's finish-latency histogram. */
    public void forEachFinish(BiConsumer<String, Buckets> visitor) {
        finish.forEach(visitor);
    }
}
