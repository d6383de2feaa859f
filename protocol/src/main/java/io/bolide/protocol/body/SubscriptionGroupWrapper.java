package io.bolide.protocol.body;

import java.util.Map;

/**
 * Body of a {@code GET_ALL_SUBSCRIPTIONGROUP_CONFIG} response: every group config of a broker, the
 * forbidden table (group → topic → bits) and the table's version.
 */
public record SubscriptionGroupWrapper(
        Map<String, SubscriptionGroupConfig> subscriptionGroupTable,
        Map<String, Map<String, Integer>> forbiddenTable,
        DataVersion dataVersion) {

    /** Copies the tables, null becoming empty. */
    public SubscriptionGroupWrapper {
        subscriptionGroupTable = Frozen.map(subscriptionGroupTable);
        forbiddenTable = Frozen.map(forbiddenTable);
    }
}
