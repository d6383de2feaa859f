package io.bolide.interop;

import java.util.Set;
import org.apache.rocketmq.remoting.CommandCustomHeader;
import org.apache.rocketmq.remoting.netty.NettyClientConfig;
import org.apache.rocketmq.remoting.netty.NettyRemotingClient;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.body.SyncStateSet;
import org.apache.rocketmq.remoting.protocol.header.controller.AlterSyncStateSetRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.controller.ElectMasterRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.controller.GetReplicaInfoRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.controller.register.ApplyBrokerIdRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.controller.register.RegisterBrokerToControllerRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.namesrv.BrokerHeartbeatRequestHeader;

/**
 * What a broker in controller mode sends to a controller, made with Apache 5.5.0's own remoting
 * client and header classes, for replicas that exist only as these requests: replica {@code id} of
 * a group claims to listen on {@link #address}.
 */
final class ControllerCalls implements AutoCloseable {
    static final String CLUSTER = "DiffCluster";
    private static final long TIMEOUT = 20_000;

    private final NettyRemotingClient client = new NettyRemotingClient(new NettyClientConfig());

    ControllerCalls() {
        client.start();
    }

    /** What a replica's heartbeat says about its log. */
    record Beat(int epoch, long maxOffset, int electionPriority, long timeoutMillis) {}

    /** A replica's address: a local port nothing listens on (only ever named, never called). */
    static String address(long id) {
        return "127.0.0.1:" + (1000 + id);
    }

    RemotingCommand call(String controller, int code, CommandCustomHeader header, byte[] body)
            throws Exception {
        RemotingCommand request = RemotingCommand.createRequestCommand(code, header);
        request.setBody(body);
        return client.invokeSync(controller, request, TIMEOUT);
    }

    RemotingCommand metadata(String controller) throws Exception {
        return call(controller, RequestCode.CONTROLLER_GET_METADATA_INFO, null, null);
    }

    RemotingCommand applyId(String controller, String group, long id) throws Exception {
        return call(
                controller,
                RequestCode.CONTROLLER_APPLY_BROKER_ID,
                new ApplyBrokerIdRequestHeader(CLUSTER, group, id, address(id) + ";1"),
                null);
    }

    RemotingCommand register(String controller, String group, long id) throws Exception {
        return call(
                controller,
                RequestCode.CONTROLLER_REGISTER_BROKER,
                new RegisterBrokerToControllerRequestHeader(CLUSTER, group, id, address(id)),
                null);
    }

    RemotingCommand elect(String controller, String group, long id) throws Exception {
        return call(
                controller,
                RequestCode.CONTROLLER_ELECT_MASTER,
                ElectMasterRequestHeader.ofBrokerTrigger(CLUSTER, group, id),
                null);
    }

    RemotingCommand alter(
            String controller,
            String group,
            long master,
            int masterEpoch,
            Set<Long> members,
            int syncStateSetEpoch)
            throws Exception {
        return call(
                controller,
                RequestCode.CONTROLLER_ALTER_SYNC_STATE_SET,
                new AlterSyncStateSetRequestHeader(group, master, masterEpoch),
                new SyncStateSet(members, syncStateSetEpoch).encode());
    }

    RemotingCommand replicaInfo(String controller, String group) throws Exception {
        return call(
                controller,
                RequestCode.CONTROLLER_GET_REPLICA_INFO,
                new GetReplicaInfoRequestHeader(group),
                null);
    }

    /** BROKER_HEARTBEAT (904), one way, as a broker sends it. */
    void beat(String controller, String group, long id, Beat beat) throws Exception {
        BrokerHeartbeatRequestHeader header = new BrokerHeartbeatRequestHeader();
        header.setClusterName(CLUSTER);
        header.setBrokerName(group);
        header.setBrokerAddr(address(id));
        header.setBrokerId(id);
        header.setEpoch(beat.epoch());
        header.setMaxOffset(beat.maxOffset());
        header.setConfirmOffset(beat.maxOffset());
        header.setHeartbeatTimeoutMills(beat.timeoutMillis());
        header.setElectionPriority(beat.electionPriority());
        RemotingCommand request =
                RemotingCommand.createRequestCommand(RequestCode.BROKER_HEARTBEAT, header);
        client.invokeOneway(controller, request, TIMEOUT);
    }

    @Override
    public void close() {
        client.shutdown();
    }
}
