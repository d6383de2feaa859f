package io.bolide.protocol.body;

import java.util.Map;
import java.util.Set;

/** Body of a {@code GET_BROKER_CLUSTER_INFO} response: every broker name and every cluster. */
public record ClusterInfo(
        Map<String, BrokerData> brokerAddrTable, Map<String, Set<String>> clusterAddrTable) {

    /** Copies the tables, null becoming empty. */
    public ClusterInfo {
        brokerAddrTable = Frozen.map(brokerAddrTable);
        clusterAddrTable = Frozen.map(clusterAddrTable);
    }
}
