package io.bolide.broker.console;

import io.bolide.broker.config.BrokerConfigKeys;
import io.bolide.protocol.body.BodyCodec;
import io.bolide.protocol.body.EpochEntryCache;
import io.bolide.protocol.body.HARuntimeInfo;
import io.bolide.protocol.body.SyncStateSet;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.GetReplicaInfoRequestHeader;
import io.bolide.protocol.header.GetReplicaInfoResponseHeader;
import io.netty.handler.codec.http.HttpMethod;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * {@code GET /api/ha}: replication per broker set of this broker's cluster (#35). Each member, as
 * the name servers list it, is asked GET_BROKER_HA_STATUS ({@code mqadmin haStatus}): a master
 * answers its commit-log end and each linked slave's acknowledged offset and lag in bytes, a slave
 * the master it follows and its own end. In controller mode each member's current epoch comes from
 * GET_BROKER_EPOCH_CACHE and the set's master, master epoch and SyncStateSet from the controller
 * (CONTROLLER_GET_REPLICA_INFO). A member or controller that does not answer keeps its row, with
 * the reason.
 */
final class HaApi {
    private final ConsoleState state;
    private final ClusterView view;

    HaApi(ConsoleState state, ClusterView view) {
        this.state = state;
        this.view = view;
    }

    void install(Routes routes) {
        routes.add(
                HttpMethod.GET,
                "/api/ha",
                request -> CompletableFuture.supplyAsync(this::read, ClusterApi.ASKING));
    }

    private boolean controllerMode() {
        return state.config().values().get(BrokerConfigKeys.CONTROLLER_MODE.enableControllerMode);
    }

    Object read() {
        Map<String, Object> answer = new LinkedHashMap<>();
        String cluster = state.config().brokerClusterName();
        answer.put("clusterName", cluster);
        answer.put("controllerMode", controllerMode());
        List<Object> sets = new ArrayList<>();
        try {
            view.brokerSets(cluster).forEach((name, members) -> sets.add(set(name, members)));
        } catch (RuntimeException e) {
            answer.put("error", e.getMessage());
        }
        answer.put("brokerSets", sets);
        return answer;
    }

    private Map<String, Object> set(String brokerName, Map<Long, String> members) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("brokerName", brokerName);
        List<Object> shown = new ArrayList<>();
        members.forEach((id, address) -> shown.add(member(id, address)));
        row.put("members", shown);
        if (controllerMode()) {
            row.put("controller", controller(brokerName));
        }
        return row;
    }

    private Map<String, Object> member(long brokerId, String address) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("brokerId", brokerId);
        row.put("address", address);
        try {
            HARuntimeInfo info =
                    view.call(address, RequestCode.GET_BROKER_HA_STATUS, HARuntimeInfo.class);
            row.put("role", info.master() ? "MASTER" : "SLAVE");
            if (info.master()) {
                row.put("commitLogMaxOffset", info.masterCommitLogMaxOffset());
                row.put("inSyncSlaves", info.inSyncSlaveNums());
                List<Object> slaves = new ArrayList<>();
                for (HARuntimeInfo.ConnectionInfo link : info.haConnectionInfo()) {
                    Map<String, Object> slave = new LinkedHashMap<>();
                    slave.put("haAddress", link.addr());
                    slave.put("ackOffset", link.slaveAckOffset());
                    slave.put("lagBytes", link.diff());
                    slave.put("inSync", link.inSync());
                    slave.put("bytesPerSecond", link.transferredByteInSecond());
                    slaves.add(slave);
                }
                row.put("slaves", slaves);
            } else {
                HARuntimeInfo.ClientInfo link = info.haClientRuntimeInfo();
                row.put("masterHaAddress", link.masterAddr());
                row.put("commitLogMaxOffset", link.maxOffset());
                row.put("lastReadTimestamp", link.lastReadTimestamp());
                row.put("bytesPerSecond", link.transferredByteInSecond());
            }
        } catch (Exception e) {
            row.put("role", brokerId == 0 ? "MASTER" : "SLAVE");
            row.put("error", "no HA status: " + e.getMessage());
        }
        if (controllerMode()) {
            row.put("epoch", epoch(address));
        }
        return row;
    }

    /** The member's current epoch (its last term), or null when it does not say. */
    private Integer epoch(String address) {
        try {
            List<EpochEntryCache.Entry> terms =
                    view.call(address, RequestCode.GET_BROKER_EPOCH_CACHE, EpochEntryCache.class)
                            .epochList();
            return terms.isEmpty() ? null : terms.get(terms.size() - 1).epoch();
        } catch (Exception e) {
            return null;
        }
    }

    /** What the controllers say of the set: the first that answers. */
    private Map<String, Object> controller(String brokerName) {
        Map<String, Object> row = new LinkedHashMap<>();
        List<String> failures = new ArrayList<>();
        String addresses =
                state.config().values().get(BrokerConfigKeys.CONTROLLER_MODE.controllerAddr);
        for (String address : addresses.split(";")) {
            if (address.isBlank()) {
                continue;
            }
            try {
                RemotingCommand response =
                        view.ask(
                                address.trim(),
                                RequestCode.CONTROLLER_GET_REPLICA_INFO,
                                new GetReplicaInfoRequestHeader().brokerName(brokerName));
                try {
                    if (response.code() != ResponseCode.SUCCESS) {
                        failures.add(address + ": " + response.remark());
                        continue;
                    }
                    return replicas(address.trim(), response);
                } finally {
                    response.release();
                }
            } catch (Exception e) {
                failures.add(address + ": " + e.getMessage());
            }
        }
        row.put("error", "no controller answered: " + failures);
        return row;
    }

    private static Map<String, Object> replicas(String controller, RemotingCommand response) {
        var header = GetReplicaInfoResponseHeader.decode(response.extFields());
        SyncStateSet set =
                response.bodyLength() > 0
                        ? BodyCodec.decode(response.body(), SyncStateSet.class)
                        : new SyncStateSet(java.util.Set.of(), 0);
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("controller", controller);
        row.put("masterBrokerId", header.masterBrokerId());
        row.put("masterAddress", header.masterAddress());
        row.put("masterEpoch", header.masterEpoch());
        row.put("syncStateSet", new java.util.TreeSet<>(set.syncStateSet()));
        row.put("syncStateSetEpoch", set.syncStateSetEpoch());
        return row;
    }
}
