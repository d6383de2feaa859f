package io.bolide.broker.controller;

import io.bolide.protocol.body.BodyCodec;
import io.bolide.protocol.body.SyncStateSet;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.AlterSyncStateSetRequestHeader;
import io.bolide.protocol.header.AlterSyncStateSetResponseHeader;
import io.bolide.protocol.header.ApplyBrokerIdRequestHeader;
import io.bolide.protocol.header.BrokerHeartbeatRequestHeader;
import io.bolide.protocol.header.ElectMasterRequestHeader;
import io.bolide.protocol.header.ElectMasterResponseHeader;
import io.bolide.protocol.header.GetMetaDataResponseHeader;
import io.bolide.protocol.header.GetNextBrokerIdRequestHeader;
import io.bolide.protocol.header.GetNextBrokerIdResponseHeader;
import io.bolide.protocol.header.GetReplicaInfoRequestHeader;
import io.bolide.protocol.header.GetReplicaInfoResponseHeader;
import io.bolide.protocol.header.RegisterBrokerToControllerRequestHeader;
import io.bolide.protocol.header.RegisterBrokerToControllerResponseHeader;
import io.bolide.remoting.RemotingClient;
import io.bolide.remoting.RemotingException;
import io.netty.buffer.Unpooled;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link Controllers} over remoting: every request goes to the leader, found with
 * CONTROLLER_GET_METADATA_INFO (1005, which any controller answers) and found again when a
 * controller answers CONTROLLER_NOT_LEADER (2007) or cannot be reached.
 */
final class RemoteControllers implements Controllers {
    private static final Logger LOG = LoggerFactory.getLogger(RemoteControllers.class);
    private static final long TIMEOUT_MS = 3000;

    private final RemotingClient client;
    private final ControllerSettings settings;
    private volatile String leader;

    RemoteControllers(RemotingClient client, ControllerSettings settings) {
        this.client = client;
        this.settings = settings;
    }

    @Override
    public void findLeader() {
        refreshLeader();
    }

    /** Asks the controllers who leads; keeps the answer. False when none names a leader. */
    boolean refreshLeader() {
        for (String address : addresses()) {
            try {
                RemotingCommand answer =
                        invoke(address, RequestCode.CONTROLLER_GET_METADATA_INFO, null, null);
                try {
                    String named =
                            GetMetaDataResponseHeader.decode(answer.extFields())
                                    .controllerLeaderAddress();
                    if (answer.code() == ResponseCode.SUCCESS
                            && named != null
                            && !named.isEmpty()) {
                        if (!named.equals(leader)) {
                            LOG.info("controller leader: {}", named);
                        }
                        leader = named;
                        return true;
                    }
                } finally {
                    answer.release();
                }
            } catch (IOException e) {
                LOG.debug("controller {} did not answer: {}", address, e.toString());
            }
        }
        leader = null;
        return false;
    }

    /** The controllers' addresses; with DNS lookup, every address the one name resolves to. */
    private List<String> addresses() {
        if (!settings.dnsLookup() || settings.controllers().isEmpty()) {
            return settings.controllers();
        }
        String hostPort = settings.controllers().get(0);
        int colon = hostPort.lastIndexOf(':');
        List<String> out = new ArrayList<>();
        try {
            for (InetAddress a : InetAddress.getAllByName(hostPort.substring(0, colon))) {
                out.add(a.getHostAddress() + hostPort.substring(colon));
            }
        } catch (IOException e) {
            LOG.warn("cannot resolve the controllers' name {}: {}", hostPort, e.toString());
        }
        return out;
    }

    /** Sends to the leader; asks for the leader again (once) when the one known is not. */
    private <T> T call(
            int code, CommandHeader header, byte[] body, Function<RemotingCommand, T> read)
            throws IOException {
        for (int attempt = 0; ; attempt++) {
            String to = leader;
            if (to == null && (!refreshLeader() || (to = leader) == null)) {
                throw new IOException("no controller leader among " + settings.controllers());
            }
            RemotingCommand answer;
            try {
                answer = invoke(to, code, header, body);
            } catch (IOException e) {
                leader = null;
                if (attempt > 0) {
                    throw e;
                }
                continue;
            }
            try {
                if (answer.code() == ResponseCode.CONTROLLER_NOT_LEADER && attempt == 0) {
                    leader = null;
                    continue;
                }
                if (answer.code() != ResponseCode.SUCCESS) {
                    throw new Refused(answer.code(), answer.remark());
                }
                return read.apply(answer);
            } finally {
                answer.release();
            }
        }
    }

    private RemotingCommand invoke(String address, int code, CommandHeader header, byte[] body)
            throws IOException {
        try {
            return client.invokeSync(
                    address,
                    code,
                    header,
                    body == null ? null : Unpooled.wrappedBuffer(body),
                    TIMEOUT_MS);
        } catch (RemotingException e) {
            throw new IOException("controller " + address + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted calling controller " + address);
        }
    }

    @Override
    public long nextBrokerId(String cluster, String brokerName) throws IOException {
        Long next =
                call(
                        RequestCode.CONTROLLER_GET_NEXT_BROKER_ID,
                        new GetNextBrokerIdRequestHeader()
                                .clusterName(cluster)
                                .brokerName(brokerName),
                        null,
                        a -> GetNextBrokerIdResponseHeader.decode(a.extFields()).nextBrokerId());
        if (next == null) {
            throw new IOException("the controller named no next broker id");
        }
        return next;
    }

    @Override
    public void applyBrokerId(String cluster, String brokerName, long id, String checkCode)
            throws IOException {
        call(
                RequestCode.CONTROLLER_APPLY_BROKER_ID,
                new ApplyBrokerIdRequestHeader()
                        .clusterName(cluster)
                        .brokerName(brokerName)
                        .appliedBrokerId(id)
                        .registerCheckCode(checkCode),
                null,
                a -> null);
    }

    @Override
    public Replicas register(String cluster, String brokerName, long id, String address)
            throws IOException {
        return call(
                RequestCode.CONTROLLER_REGISTER_BROKER,
                new RegisterBrokerToControllerRequestHeader()
                        .clusterName(cluster)
                        .brokerName(brokerName)
                        .brokerId(id)
                        .brokerAddress(address)
                        .invokeTime(System.currentTimeMillis()),
                null,
                a -> {
                    var h = RegisterBrokerToControllerResponseHeader.decode(a.extFields());
                    return replicas(h.masterBrokerId(), h.masterAddress(), h.masterEpoch(), a);
                });
    }

    @Override
    public void heartbeat(Beat beat) throws IOException {
        String to = leader;
        if (to == null && (!refreshLeader() || (to = leader) == null)) {
            throw new IOException("no controller leader among " + settings.controllers());
        }
        BrokerHeartbeatRequestHeader header =
                new BrokerHeartbeatRequestHeader()
                        .clusterName(beat.cluster())
                        .brokerName(beat.brokerName())
                        .brokerAddr(beat.address())
                        .brokerId(beat.id())
                        .epoch(beat.epoch())
                        .maxOffset(beat.maxOffset())
                        .confirmOffset(beat.confirmOffset())
                        .heartbeatTimeoutMills(beat.timeoutMs())
                        .electionPriority(beat.priority());
        try {
            client.invokeOneway(to, RequestCode.BROKER_HEARTBEAT, header, null, TIMEOUT_MS);
        } catch (RemotingException e) {
            leader = null;
            throw new IOException("controller " + to + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted beating to " + to);
        }
    }

    @Override
    public Replicas replicaInfo(String brokerName) throws IOException {
        return call(
                RequestCode.CONTROLLER_GET_REPLICA_INFO,
                new GetReplicaInfoRequestHeader().brokerName(brokerName),
                null,
                a -> {
                    var h = GetReplicaInfoResponseHeader.decode(a.extFields());
                    return replicas(h.masterBrokerId(), h.masterAddress(), h.masterEpoch(), a);
                });
    }

    @Override
    public Replicas elect(String cluster, String brokerName, long id) throws IOException {
        return call(
                RequestCode.CONTROLLER_ELECT_MASTER,
                new ElectMasterRequestHeader()
                        .clusterName(cluster)
                        .brokerName(brokerName)
                        .brokerId(id)
                        .designateElect(false)
                        .invokeTime(System.currentTimeMillis()),
                null,
                a -> {
                    var h = ElectMasterResponseHeader.decode(a.extFields());
                    Integer setEpoch = h.syncStateSetEpoch();
                    return new Replicas(
                            h.masterBrokerId() == null ? -1 : h.masterBrokerId(),
                            h.masterAddress(),
                            h.masterEpoch() == null ? 0 : h.masterEpoch(),
                            h.masterBrokerId() == null ? Set.of() : Set.of(h.masterBrokerId()),
                            setEpoch == null ? 0 : setEpoch);
                });
    }

    @Override
    public int alterSyncStateSet(
            String brokerName, long masterId, int masterEpoch, Set<Long> members, int setEpoch)
            throws IOException {
        return call(
                RequestCode.CONTROLLER_ALTER_SYNC_STATE_SET,
                new AlterSyncStateSetRequestHeader()
                        .brokerName(brokerName)
                        .masterBrokerId(masterId)
                        .masterEpoch(masterEpoch)
                        .invokeTime(System.currentTimeMillis()),
                BodyCodec.encode(new SyncStateSet(members, setEpoch)),
                a -> AlterSyncStateSetResponseHeader.decode(a.extFields()).newSyncStateSetEpoch());
    }

    /** A master header's fields and the SyncStateSet body. */
    private static Replicas replicas(
            Long master, String address, Integer epoch, RemotingCommand a) {
        SyncStateSet set =
                a.bodyLength() > 0
                        ? BodyCodec.decode(a.body(), SyncStateSet.class)
                        : new SyncStateSet(Set.of(), 0);
        return new Replicas(
                master == null ? -1 : master,
                address,
                epoch == null ? 0 : epoch,
                set.syncStateSet(),
                set.syncStateSetEpoch());
    }
}
