package io.bolide.store;

/**
 * Chooses the tags code written into a consume-queue entry. The default is the hash of the TAGS
 * property; a broker overrides it for queues whose entries are ordered by something else, as the
 * delay-level queues whose tags code is the delivery time (so a reader looks only at the head).
 * Runs on the dispatch thread for every record: it must be cheap and must not block.
 */
@FunctionalInterface
public interface TagsCodeRule {
    /**
     * The tags code of a record of {@code topic}/{@code queueId} stored at {@code storeTimestamp}
     * whose TAGS hash is {@code tagsHash}.
     */
    long tagsCode(String topic, int queueId, long storeTimestamp, long tagsHash);

    /** The TAGS hash, unchanged. */
    TagsCodeRule TAGS_HASH = (topic, queueId, storeTimestamp, tagsHash) -> tagsHash;
}
