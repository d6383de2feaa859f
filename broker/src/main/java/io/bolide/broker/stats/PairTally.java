package io.bolide.broker.stats;

import java.util.concurrent.ConcurrentHashMap;

/**
 * A count per pair of names (a group and a topic): a {@link Tally} per first name, so counting is
 * two lock-free lookups with the strings the caller holds and no key is built per message.
 */
public final class PairTally {
    private final ConcurrentHashMap<String, Tally> tallies = new ConcurrentHashMap<>();

    /** What a scrape is shown: each pair and its count. */
    @FunctionalInterface
    public interface Visitor {
        void accept(String first, String second, long count);
    }

    public void add(String first, String second, long n) {
        Tally tally = tallies.get(first);
        if (tally == null) {
            tally = tallies.computeIfAbsent(first, k -> new Tally());
        }
        tally.add(second, n);
    }

    /** The count of the pair, 0 if it has none. */
    public long get(String first, String second) {
        Tally tally = tallies.get(first);
        return tally == null ? 0 : tally.get(second);
    }

    public void forEach(Visitor visitor) {
        tallies.forEach(
                (first, tally) ->
                        tally.forEach((second, count) -> visitor.accept(first, second, count)));
    }
}
