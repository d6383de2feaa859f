package io.bolide.store;

/**
 * Told by the dispatch agent each time a record becomes readable in a consume queue (for long
 * polling). Runs on the dispatch thread: it must be quick and must not block.
 */
@FunctionalInterface
public interface ArrivalListener {
    /** A record with {@code tagsCode} is now readable at {@code queueOffset} of the queue. */
    void arrived(String topic, int queueId, long queueOffset, long tagsCode);

    /** A listener that ignores every arrival. */
    ArrivalListener NONE = (topic, queueId, queueOffset, tagsCode) -> {};
}
