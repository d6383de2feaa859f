package io.bolide.broker.console;

import io.bolide.protocol.body.BodyCodec;
import io.bolide.protocol.body.BrokerData;
import io.bolide.protocol.body.ClusterInfo;
import io.bolide.protocol.body.KVTable;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.remoting.RemotingClient;
import io.bolide.remoting.RequestSigner;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The cluster as the name servers see it, for the cluster page: every broker group of every cluster
 * (GET_BROKER_CLUSTER_INFO from the first name server that answers), each member's role (id 0
 * master, else slave), and what each member reports of itself (GET_BROKER_RUNTIME_INFO: version,
 * disk, TPS in and out, boot time), as mqadmin's clusterList and the dashboard read them. Requests
 * carry the broker's inner credentials when it has them (other brokers with ACL on ask for
 * authentication). A member that does not answer keeps its row, with the reason.
 */
final class ClusterView {
    static final long TIMEOUT_MS = 3000;

    private final RemotingClient client;
    private final RequestSigner signer;
    private final List<String> nameServers;

    /**
     * @param signer the broker's inner credentials, or null
     */
    ClusterView(RemotingClient client, RequestSigner signer, List<String> nameServers) {
        this.client = client;
        this.signer = signer;
        this.nameServers = nameServers;
    }

    /** {@code {nameServer, clusters: [{clusterName, groups: [{brokerName, members}]}]}}. */
    Map<String, Object> read() {
        Map<String, Object> answer = new LinkedHashMap<>();
        List<String> failures = new ArrayList<>();
        for (String nameServer : nameServers) {
            try {
                ClusterInfo info =
                        call(nameServer, RequestCode.GET_BROKER_CLUSTER_INFO, ClusterInfo.class);
                answer.put("nameServer", nameServer);
                answer.put("clusters", clusters(info));
                return answer;
            } catch (Exception e) {
                failures.add(nameServer + ": " + e.getMessage());
            }
        }
        answer.put("nameServer", null);
        answer.put("clusters", List.of());
        answer.put(
                "error",
                failures.isEmpty()
                        ? "no name server is configured (namesrvAddr)"
                        : "no name server answered: " + failures);
        return answer;
    }

    /**
     * Every broker set of {@code clusterName}: brokerName to its members (broker id to address),
     * sorted, from the first name server that answers.
     *
     * @throws IllegalStateException when no name server answers
     */
    Map<String, Map<Long, String>> brokerSets(String clusterName) {
        List<String> failures = new ArrayList<>();
        for (String nameServer : nameServers) {
            try {
                ClusterInfo info =
                        call(nameServer, RequestCode.GET_BROKER_CLUSTER_INFO, ClusterInfo.class);
                Map<String, Map<Long, String>> sets = new TreeMap<>();
                for (BrokerData group : info.brokerAddrTable().values()) {
                    if (clusterName.equals(group.cluster())) {
                        sets.put(group.brokerName(), new TreeMap<>(group.brokerAddrs()));
                    }
                }
                return sets;
            } catch (Exception e) {
                failures.add(nameServer + ": " + e.getMessage());
            }
        }
        throw new IllegalStateException(
                failures.isEmpty()
                        ? "no name server is configured (namesrvAddr)"
                        : "no name server answered: " + failures);
    }

    /**
     * The master address of every other broker set in {@code clusterName} (brokerName to address,
     * sorted), from the first name server that answers; the sets' slaves copy their masters.
     *
     * @throws IllegalStateException when no name server answers
     */
    Map<String, String> otherMasters(String clusterName, String ownBrokerName) {
        List<String> failures = new ArrayList<>();
        for (String nameServer : nameServers) {
            ClusterInfo info;
            try {
                info = call(nameServer, RequestCode.GET_BROKER_CLUSTER_INFO, ClusterInfo.class);
            } catch (Exception e) {
                failures.add(nameServer + ": " + e.getMessage());
                continue;
            }
            Map<String, String> masters = new TreeMap<>();
            for (BrokerData group : info.brokerAddrTable().values()) {
                String master = group.brokerAddrs().get(0L);
                if (clusterName.equals(group.cluster())
                        && !ownBrokerName.equals(group.brokerName())
                        && master != null) {
                    masters.put(group.brokerName(), master);
                }
            }
            return masters;
        }
        if (failures.isEmpty()) {
            return Map.of();
        }
        throw new IllegalStateException("no name server answered: " + failures);
    }

    private List<Map<String, Object>> clusters(ClusterInfo info) {
        Map<String, List<Map<String, Object>>> byCluster = new TreeMap<>();
        for (BrokerData group : new TreeMap<>(info.brokerAddrTable()).values()) {
            List<Map<String, Object>> members = new ArrayList<>();
            for (Map.Entry<Long, String> member : new TreeMap<>(group.brokerAddrs()).entrySet()) {
                members.add(member(member.getKey(), member.getValue()));
            }
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("brokerName", group.brokerName());
            row.put("members", members);
            byCluster.computeIfAbsent(group.cluster(), c -> new ArrayList<>()).add(row);
        }
        List<Map<String, Object>> clusters = new ArrayList<>();
        byCluster.forEach(
                (name, groups) -> {
                    Map<String, Object> cluster = new LinkedHashMap<>();
                    cluster.put("clusterName", name);
                    cluster.put("groups", groups);
                    clusters.add(cluster);
                });
        return clusters;
    }

    private Map<String, Object> member(long brokerId, String address) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("brokerId", brokerId);
        row.put("role", brokerId == 0 ? "MASTER" : "SLAVE");
        row.put("address", address);
        try {
            Map<String, String> table =
                    call(address, RequestCode.GET_BROKER_RUNTIME_INFO, KVTable.class).table();
            row.put("version", table.get("brokerVersionDesc"));
            row.put("bootTimestamp", number(table.get("bootTimestamp")));
            row.put("diskRatio", number(table.get("commitLogDiskRatio")));
            row.put("putTps", firstNumber(table.get("putTps")));
            row.put("getTps", firstNumber(table.get("getTransferredTps")));
            row.put("commitLogMaxOffset", number(table.get("commitLogMaxOffset")));
        } catch (Exception e) {
            row.put("error", "no runtime info: " + e.getMessage());
        }
        return row;
    }

    /** One request to {@code address}, signed with the inner credentials; the caller releases. */
    RemotingCommand ask(String address, int code, CommandHeader fields) throws Exception {
        CommandHeader header = signer == null ? fields : signer.sign(fields, null);
        return client.invokeSync(address, code, header, null, TIMEOUT_MS);
    }

    <T> T call(String address, int code, Class<T> type) throws Exception {
        RemotingCommand response = ask(address, code, null);
        try {
            if (response.code() != ResponseCode.SUCCESS) {
                throw new IllegalStateException(
                        "refused with code " + response.code() + ": " + response.remark());
            }
            if (response.bodyLength() == 0) {
                throw new IllegalStateException("an empty answer");
            }
            return BodyCodec.decode(response.body(), type);
        } finally {
            response.release();
        }
    }

    /** A decimal figure, or null when it is missing or not one. */
    static Double number(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        try {
            return Double.valueOf(text.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** The first of a TPS triple ({@code "1.5 1.2 1.0"}: the last 10 s, minute, 10 minutes). */
    static Double firstNumber(String text) {
        return text == null ? null : number(text.trim().split("\\s+")[0]);
    }
}
