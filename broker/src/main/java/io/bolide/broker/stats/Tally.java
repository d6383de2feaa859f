package io.bolide.broker.stats;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.ObjLongConsumer;

/**
 * A count per name (a topic, a group): one {@link LongAdder} per name, found by a lock-free lookup
 * with the string the caller already holds. Only a name's first count allocates (its adder); none
 * locks. Read whole at a scrape.
 */
public final class Tally {
    private final ConcurrentHashMap<String, LongAdder> counts = new ConcurrentHashMap<>();

    /** Adds {@code n} (may be negative: a gauge kept as ups and downs) to {@code name}'s count. */
    public void add(String name, long n) {
        LongAdder count = counts.get(name);
        if (count == null) {
            count = counts.computeIfAbsent(name, k -> new LongAdder());
        }
        count.add(n);
    }

    /** {@code name}'s count, 0 if it has none. */
    public long get(String name) {
        LongAdder count = counts.get(name);
        return count == null ? 0 : count.sum();
    }

    /** Shows {@code visitor} every name and its count. */
    public void forEach(ObjLongConsumer<String> visitor) {
        counts.forEach((name, count) -> visitor.accept(name, count.sum()));
    }

    /** Forgets {@code name} (a deleted topic). */
    public void remove(String name) {
        counts.remove(name);
    }
}
