package io.bolide.controller;

import io.bolide.protocol.body.BodyCodec;
import io.bolide.protocol.body.SyncStateSet;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.AlterSyncStateSetRequestHeader;
import io.bolide.protocol.header.ApplyBrokerIdRequestHeader;
import io.bolide.protocol.header.CleanControllerBrokerDataRequestHeader;
import io.bolide.protocol.header.ElectMasterRequestHeader;
import io.bolide.protocol.header.GetNextBrokerIdRequestHeader;
import io.bolide.protocol.header.GetReplicaInfoRequestHeader;
import io.bolide.protocol.header.RegisterBrokerToControllerRequestHeader;
import io.bolide.remoting.RemotingServer;
import io.bolide.remoting.UpdateConfigHandler;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The controller's request codes and what each decides, in one place: reads answer at once on the
 * leader, writes go through {@link ControllerCore#write}.
 */
final class RequestTable {
    /** Every code a controller serves. */
    static final List<Integer> SERVED =
            List.of(
                    RequestCode.BROKER_HEARTBEAT,
                    RequestCode.CONTROLLER_ALTER_SYNC_STATE_SET,
                    RequestCode.CONTROLLER_ELECT_MASTER,
                    RequestCode.CONTROLLER_REGISTER_BROKER,
                    RequestCode.CONTROLLER_GET_REPLICA_INFO,
                    RequestCode.CONTROLLER_GET_METADATA_INFO,
                    RequestCode.CONTROLLER_GET_SYNC_STATE_DATA,
                    RequestCode.CLEAN_BROKER_DATA,
                    RequestCode.CONTROLLER_GET_NEXT_BROKER_ID,
                    RequestCode.CONTROLLER_APPLY_BROKER_ID,
                    RequestCode.GET_CONTROLLER_CONFIG,
                    RequestCode.UPDATE_CONTROLLER_CONFIG);

    private RequestTable() {}

    static void install(RemotingServer server, ControllerCore core, ControllerSettings settings) {
        Liveness liveness = core.liveness();
        ControllerConfig config = settings.current();
        server.registerHandler(RequestCode.BROKER_HEARTBEAT, heartbeats(core));
        server.registerHandler(
                RequestCode.CONTROLLER_GET_METADATA_INFO,
                new MetadataHandler(config, core.replication()));
        server.registerHandler(
                RequestCode.CONTROLLER_ALTER_SYNC_STATE_SET,
                new OutcomeHandler(request -> alter(core, request)));
        server.registerHandler(
                RequestCode.CONTROLLER_ELECT_MASTER,
                new OutcomeHandler(request -> elect(core, request)));
        server.registerHandler(
                RequestCode.CONTROLLER_REGISTER_BROKER,
                new OutcomeHandler(
                        request -> {
                            var h =
                                    RegisterBrokerToControllerRequestHeader.decode(
                                            request.extFields());
                            return core.write(s -> RegistrationRules.register(s, liveness, h));
                        }));
        server.registerHandler(
                RequestCode.CONTROLLER_GET_REPLICA_INFO,
                new OutcomeHandler(
                        request -> {
                            var h = GetReplicaInfoRequestHeader.decode(request.extFields());
                            return done(core.read(s -> Reads.replicaInfo(s, h.brokerName())));
                        }));
        server.registerHandler(
                RequestCode.CONTROLLER_GET_SYNC_STATE_DATA,
                new OutcomeHandler(
                        request -> {
                            List<String> names = brokerNames(request);
                            return done(core.read(s -> Reads.syncStateData(s, liveness, names)));
                        }));
        installIdCodes(server, core);
        installConfigCodes(server, settings);
    }

    /** Each controller answers for its own settings, leader or not: they are not replicated. */
    private static void installConfigCodes(RemotingServer server, ControllerSettings settings) {
        server.registerHandler(
                RequestCode.GET_CONTROLLER_CONFIG, new GetControllerConfigHandler(settings));
        server.registerHandler(
                RequestCode.UPDATE_CONTROLLER_CONFIG, new UpdateConfigHandler(settings::update));
    }

    private static void installIdCodes(RemotingServer server, ControllerCore core) {
        server.registerHandler(
                RequestCode.CONTROLLER_GET_NEXT_BROKER_ID,
                new OutcomeHandler(
                        request -> {
                            var h = GetNextBrokerIdRequestHeader.decode(request.extFields());
                            return done(
                                    core.read(
                                            s ->
                                                    RegistrationRules.nextBrokerId(
                                                            s, h.clusterName(), h.brokerName())));
                        }));
        server.registerHandler(
                RequestCode.CONTROLLER_APPLY_BROKER_ID,
                new OutcomeHandler(
                        request -> {
                            var h = ApplyBrokerIdRequestHeader.decode(request.extFields());
                            long id = h.appliedBrokerId() == null ? -1 : h.appliedBrokerId();
                            return core.write(
                                    s ->
                                            RegistrationRules.applyBrokerId(
                                                    s,
                                                    h.clusterName(),
                                                    h.brokerName(),
                                                    id,
                                                    h.registerCheckCode()));
                        }));
        server.registerHandler(
                RequestCode.CLEAN_BROKER_DATA,
                new OutcomeHandler(
                        request -> {
                            var h =
                                    CleanControllerBrokerDataRequestHeader.decode(
                                            request.extFields());
                            return core.write(s -> RegistrationRules.clean(s, core.liveness(), h));
                        }));
    }

    private static CompletableFuture<Outcome> alter(ControllerCore core, RemotingCommand request) {
        var h = AlterSyncStateSetRequestHeader.decode(request.extFields());
        SyncStateSet proposed =
                request.bodyLength() == 0
                        ? null
                        : BodyCodec.decode(request.body(), SyncStateSet.class);
        if (proposed == null) {
            return done(
                    Outcome.failure(
                            io.bolide.protocol.code.ResponseCode.CONTROLLER_INVALID_REQUEST,
                            "The SyncStateSet body is missing"));
        }
        return core.write(s -> ElectionRules.alter(s, core.liveness(), h, proposed));
    }

    private static CompletableFuture<Outcome> elect(ControllerCore core, RemotingCommand request) {
        var h = ElectMasterRequestHeader.decode(request.extFields());
        boolean byController = h.brokerId() < 0;
        ElectionRules.ElectRequest elect =
                new ElectionRules.ElectRequest(
                        h.brokerName(),
                        byController ? null : h.brokerId(),
                        h.designateElect(),
                        byController);
        return core.elect(elect);
    }

    private static List<String> brokerNames(RemotingCommand request) {
        if (request.bodyLength() == 0) {
            return List.of();
        }
        return List.of(BodyCodec.decode(request.body(), String[].class));
    }

    /** Heartbeats, and the closing of the connections they came over. */
    private static HeartbeatHandler heartbeats(ControllerCore core) {
        return new HeartbeatHandler(core.liveness(), core::connectionClosed);
    }

    private static CompletableFuture<Outcome> done(Outcome outcome) {
        return CompletableFuture.completedFuture(outcome);
    }
}
