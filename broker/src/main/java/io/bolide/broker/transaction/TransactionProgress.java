package io.bolide.broker.transaction;

/**
 * Where the engine keeps its two progress marks (half queue and op queue, queue 0 of each) across
 * restarts; the broker keeps them as the consumer offsets of the reference's system group.
 */
public interface TransactionProgress {
    /** The system consumer group the reference uses for these marks. */
    String GROUP = "CID_SYS_RMQ_TRANS";

    /** The stored mark of {@code topic}'s queue 0, or -1 if none. */
    long load(String topic);

    /** Stores the mark of {@code topic}'s queue 0. */
    void save(String topic, long offset);
}
