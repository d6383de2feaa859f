package io.bolide.admin;

import io.bolide.protocol.body.BrokerData;
import io.bolide.protocol.body.ClusterInfo;
import io.bolide.protocol.body.KVTable;
import io.bolide.protocol.code.RequestCode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code cluster}: every broker the name server knows (GET_BROKER_CLUSTER_INFO), with the version
 * each reports (GET_BROKER_RUNTIME_INFO); also where other commands find a cluster's masters.
 */
final class ClusterCommand {
    private static final long MASTER_ID = 0L;

    private ClusterCommand() {}

    static Report run(AdminClient client) throws AdminException {
        Report report = new Report("cluster", "brokerName", "brokerId", "address", "version");
        for (BrokerData broker : sorted(info(client))) {
            for (Map.Entry<Long, String> member : new TreeMap<>(broker.brokerAddrs()).entrySet()) {
                report.row(
                        broker.cluster(),
                        broker.brokerName(),
                        member.getKey(),
                        member.getValue(),
                        version(client, member.getValue(), report));
            }
        }
        return report;
    }

    /**
     * The master address of each broker group of {@code cluster} (every cluster if null); a usage
     * error if there is none, since nothing could be done there.
     */
    static List<String> masters(AdminClient client, String cluster) throws AdminException {
        List<String> masters = new ArrayList<>();
        for (BrokerData broker : sorted(info(client))) {
            String master = broker.brokerAddrs().get(MASTER_ID);
            if (master != null && (cluster == null || cluster.equals(broker.cluster()))) {
                masters.add(master);
            }
        }
        if (masters.isEmpty()) {
            throw new AdminException(
                    ExitCode.REFUSED,
                    "no master broker"
                            + (cluster == null ? "" : " in cluster " + cluster)
                            + " at name server "
                            + client.nameServer());
        }
        return masters;
    }

    /** {@code -b ADDRESS} alone, else every master of {@code -c CLUSTER} (of all clusters). */
    static List<String> targets(AdminClient client, CommandArgs args) throws AdminException {
        String broker = args.value("--broker");
        return broker != null ? List.of(broker) : masters(client, args.value("--cluster"));
    }

    static ClusterInfo info(AdminClient client) throws AdminException {
        return client.nameServer(RequestCode.GET_BROKER_CLUSTER_INFO, null, ClusterInfo.class);
    }

    private static List<BrokerData> sorted(ClusterInfo info) {
        return new TreeMap<>(info.brokerAddrTable()).values().stream().toList();
    }

    /**
     * The broker's version text, or null (and a warning) if it does not answer: the listing still
     * prints.
     */
    private static String version(AdminClient client, String address, Report report) {
        try {
            KVTable table =
                    client.decoded(
                            address, RequestCode.GET_BROKER_RUNTIME_INFO, null, KVTable.class);
            return table.table().get("brokerVersionDesc");
        } catch (AdminException e) {
            report.warn("no version from " + address + ": " + e.getMessage());
            return null;
        }
    }
}
