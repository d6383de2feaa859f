package io.bolide.controller;

import org.apache.rocketmq.remoting.CommandCustomHeader;
import org.apache.rocketmq.remoting.netty.NettyClientConfig;
import org.apache.rocketmq.remoting.netty.NettyRemotingClient;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RemotingSerializable;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.body.SyncStateSet;
import org.apache.rocketmq.remoting.protocol.header.controller.AlterSyncStateSetRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.controller.ElectMasterRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.controller.GetReplicaInfoRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.controller.register.ApplyBrokerIdRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.controller.register.GetNextBrokerIdRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.controller.register.RegisterBrokerToControllerRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.namesrv.BrokerHeartbeatRequestHeader;

/**
 * The broker side of the controller protocol, spoken by Apache's own remoting client and headers
 * (5.4.0): what a broker in controller mode sends, request by request.
 */
final class ApacheCaller implements AutoCloseable {
    private static final long TIMEOUT = 5_000;
    private final NettyRemotingClient client = new NettyRemotingClient(new NettyClientConfig());

    ApacheCaller() {
        client.start();
    }

    RemotingCommand call(String address, int code, CommandCustomHeader header, byte[] body)
            throws Exception {
        RemotingCommand request = RemotingCommand.createRequestCommand(code, header);
        request.setBody(body);
        return client.invokeSync(address, request, TIMEOUT);
    }

    RemotingCommand nextId(String address, String cluster, String group) throws Exception {
        return call(
                address,
                RequestCode.CONTROLLER_GET_NEXT_BROKER_ID,
                new GetNextBrokerIdRequestHeader(cluster, group),
                null);
    }

    RemotingCommand applyId(String address, String cluster, String group, long id)
            throws Exception {
        return call(
                address,
                RequestCode.CONTROLLER_APPLY_BROKER_ID,
                new ApplyBrokerIdRequestHeader(cluster, group, id, brokerAddress(id) + ";1"),
                null);
    }

    RemotingCommand register(String address, String cluster, String group, long id)
            throws Exception {
        return call(
                address,
                RequestCode.CONTROLLER_REGISTER_BROKER,
                new RegisterBrokerToControllerRequestHeader(cluster, group, id, brokerAddress(id)),
                null);
    }

    RemotingCommand heartbeat(String address, String cluster, String group, long id)
            throws Exception {
        BrokerHeartbeatRequestHeader header = new BrokerHeartbeatRequestHeader();
        header.setClusterName(cluster);
        header.setBrokerName(group);
        header.setBrokerAddr(brokerAddress(id));
        header.setBrokerId(id);
        header.setEpoch(1);
        header.setMaxOffset(100L);
        header.setConfirmOffset(100L);
        header.setHeartbeatTimeoutMills(60_000L);
        header.setElectionPriority(0);
        return call(address, RequestCode.BROKER_HEARTBEAT, header, null);
    }

    RemotingCommand elect(String address, String cluster, String group, long id) throws Exception {
        return call(
                address,
                RequestCode.CONTROLLER_ELECT_MASTER,
                ElectMasterRequestHeader.ofBrokerTrigger(cluster, group, id),
                null);
    }

    RemotingCommand alter(
            String address, String group, long master, int masterEpoch, SyncStateSet set)
            throws Exception {
        return call(
                address,
                RequestCode.CONTROLLER_ALTER_SYNC_STATE_SET,
                new AlterSyncStateSetRequestHeader(group, master, masterEpoch),
                set.encode());
    }

    RemotingCommand replicaInfo(String address, String group) throws Exception {
        return call(
                address,
                RequestCode.CONTROLLER_GET_REPLICA_INFO,
                new GetReplicaInfoRequestHeader(group),
                null);
    }

    RemotingCommand metadata(String address) throws Exception {
        return call(address, RequestCode.CONTROLLER_GET_METADATA_INFO, null, null);
    }

    RemotingCommand syncStateData(String address, java.util.List<String> groups) throws Exception {
        return call(
                address,
                RequestCode.CONTROLLER_GET_SYNC_STATE_DATA,
                null,
                RemotingSerializable.encode(groups));
    }

    static String brokerAddress(long id) {
        return "10.0.0." + id + ":10911";
    }

    @Override
    public void close() {
        client.shutdown();
    }
}
