package io.bolide.broker.controller;

import io.bolide.broker.codes.Codes;
import io.bolide.broker.config.BrokerConfig;
import io.bolide.protocol.body.BodyCodec;
import io.bolide.protocol.body.EpochEntryCache;
import io.bolide.protocol.body.SyncStateSet;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.NotifyBrokerRoleChangedRequestHeader;
import io.bolide.remoting.Exchange;
import io.bolide.store.EpochEntry;
import io.bolide.store.EpochFile;
import io.bolide.store.MessageStore;
import io.netty.buffer.Unpooled;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The controller-mode codes a broker serves, as the reference's do: GET_BROKER_EPOCH_CACHE (1007,
 * {@code mqadmin getBrokerEpoch}: this broker's terms and log end) and NOTIFY_BROKER_ROLE_CHANGED
 * (1008, a controller telling the group's new master). A broker not in controller mode answers both
 * SYSTEM_ERROR, as the reference's does.
 */
public final class ControllerFeature {
    private static final String NOT_CONTROLLER_MODE = "this request only for controllerMode ";

    private ControllerFeature() {}

    /**
     * @param agent the controller client, or null when not in controller mode
     */
    public static void install(
            Codes codes, ControllerAgent agent, BrokerConfig config, MessageStore store) {
        codes.serve(
                RequestCode.GET_BROKER_EPOCH_CACHE,
                (request, exchange) -> epochCache(exchange, agent, config, store));
        codes.serve(
                RequestCode.NOTIFY_BROKER_ROLE_CHANGED,
                (request, exchange) -> roleChanged(request, exchange, agent));
    }

    private static void epochCache(
            Exchange exchange, ControllerAgent agent, BrokerConfig config, MessageStore store) {
        if (agent == null) {
            exchange.respond(ResponseCode.SYSTEM_ERROR, NOT_CONTROLLER_MODE);
            return;
        }
        List<EpochEntry> terms;
        try {
            terms = EpochFile.open(config.storePathRootDir()).entries();
        } catch (IOException e) {
            exchange.respond(ResponseCode.SYSTEM_ERROR, "cannot read the epoch file: " + e);
            return;
        }
        long end = store.maxPhysicalOffset();
        EpochEntryCache cache =
                new EpochEntryCache(
                        config.brokerClusterName(),
                        config.brokerName(),
                        agent.id(),
                        entries(terms, end),
                        end);
        exchange.respond(
                ResponseCode.SUCCESS, null, null, Unpooled.wrappedBuffer(BodyCodec.encode(cache)));
    }

    /** Each term with its end: the next term's start, the log end for the last. */
    static List<EpochEntryCache.Entry> entries(List<EpochEntry> terms, long end) {
        List<EpochEntryCache.Entry> out = new ArrayList<>(terms.size());
        for (int i = 0; i < terms.size(); i++) {
            long until = i + 1 < terms.size() ? terms.get(i + 1).startOffset() : end;
            out.add(
                    new EpochEntryCache.Entry(
                            terms.get(i).epoch(), terms.get(i).startOffset(), until));
        }
        return out;
    }

    private static void roleChanged(
            RemotingCommand request, Exchange exchange, ControllerAgent agent) {
        if (agent == null) {
            exchange.respond(ResponseCode.SYSTEM_ERROR, NOT_CONTROLLER_MODE);
            return;
        }
        var header = NotifyBrokerRoleChangedRequestHeader.decode(request.extFields());
        SyncStateSet set =
                request.bodyLength() > 0
                        ? BodyCodec.decode(request.body(), SyncStateSet.class)
                        : new SyncStateSet(Set.of(), 0);
        if (header.masterBrokerId() != null && header.masterEpoch() != null) {
            agent.roleChanged(
                    header.masterBrokerId(),
                    header.masterAddress(),
                    header.masterEpoch(),
                    set.syncStateSet(),
                    header.syncStateSetEpoch() == null
                            ? set.syncStateSetEpoch()
                            : header.syncStateSetEpoch());
        }
        exchange.respond(ResponseCode.SUCCESS, null);
    }
}
