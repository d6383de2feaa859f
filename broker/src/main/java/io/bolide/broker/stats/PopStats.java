package io.bolide.broker.stats;

import java.util.concurrent.ConcurrentHashMap;

/**
 * POP revival as the reference's {@code rocketmq_pop_revive_retry_messages_total} counts it: each
 * message whose invisible time ran out and whose retry copy the broker tried to store, by group,
 * topic and the store's answer. Counted on the POP thread, one per revived message.
 */
public final class PopStats {
    private final ConcurrentHashMap<String, PairTally> retries = new ConcurrentHashMap<>();

    /** A retry copy of {@code group}'s message of {@code topic} was stored with {@code status}. */
    public void revived(String group, String topic, String status) {
        PairTally tally = retries.get(status);
        if (tally == null) {
            tally = retries.computeIfAbsent(status, s -> new PairTally());
        }
        tally.add(group, topic, 1);
    }

    /** What a scrape is shown: a group, topic and status with its count. */
    @FunctionalInterface
    public interface Visitor {
        void accept(String group, String topic, String status, long count);
    }

    public void forEach(Visitor visitor) {
        retries.forEach(
                (status, tally) ->
                        tally.forEach(
                                (group, topic, n) -> visitor.accept(group, topic, status, n)));
    }
}
