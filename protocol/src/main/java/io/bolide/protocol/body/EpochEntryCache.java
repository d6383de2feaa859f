package io.bolide.protocol.body;

import java.util.List;

/**
 * The body of a GET_BROKER_EPOCH_CACHE (1007) answer, broker to {@code mqadmin getBrokerEpoch}: the
 * broker's terms, oldest first, and its commit-log end.
 */
public record EpochEntryCache(
        String clusterName,
        String brokerName,
        long brokerId,
        List<EpochEntryCache.Entry> epochList,
        long maxOffset) {

    /** Copies the list, null becoming empty. */
    public EpochEntryCache {
        epochList = epochList == null ? List.of() : List.copyOf(epochList);
    }

    /** One term: its epoch and the commit-log range it wrote (the last one ends at the log end). */
    public record Entry(int epoch, long startOffset, long endOffset) {}
}
