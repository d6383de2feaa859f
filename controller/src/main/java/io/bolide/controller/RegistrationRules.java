package io.bolide.controller;

import io.bolide.protocol.body.SyncStateSet;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.header.ApplyBrokerIdResponseHeader;
import io.bolide.protocol.header.CleanControllerBrokerDataRequestHeader;
import io.bolide.protocol.header.GetNextBrokerIdResponseHeader;
import io.bolide.protocol.header.RegisterBrokerToControllerRequestHeader;
import io.bolide.protocol.header.RegisterBrokerToControllerResponseHeader;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * How a broker joins a group: it asks for the next free id (1012), claims it with a check code
 * (1013: its own claim again is accepted, somebody else's id is not), then registers its address
 * (1003) and learns the master. Also the operator's clean-up of a group (1011). Decisions only:
 * called with the state held still, they return the events that make them so.
 */
final class RegistrationRules {
    private RegistrationRules() {}

    static Outcome nextBrokerId(ControllerState state, String cluster, String brokerName) {
        ReplicaGroup group = state.group(brokerName);
        long next = group == null ? 1 : group.nextBrokerId();
        return Outcome.success(
                new GetNextBrokerIdResponseHeader()
                        .clusterName(cluster)
                        .brokerName(brokerName)
                        .nextBrokerId(next),
                null);
    }

    static Outcome applyBrokerId(
            ControllerState state, String cluster, String brokerName, long id, String checkCode) {
        ApplyBrokerIdResponseHeader header =
                new ApplyBrokerIdResponseHeader().clusterName(cluster).brokerName(brokerName);
        ReplicaGroup group = state.group(brokerName);
        if (group == null
                || !group.has(id)
                || String.valueOf(checkCode).equals(group.checkCode(id))) {
            return Outcome.success(
                    header,
                    null,
                    List.of(new Event.ApplyBrokerId(cluster, brokerName, id, checkCode)));
        }
        return Outcome.failure(
                ResponseCode.CONTROLLER_BROKER_ID_INVALID,
                "Fail to apply brokerId: " + id + " in broker-set: " + brokerName);
    }

    static Outcome register(
            ControllerState state, Liveness liveness, RegisterBrokerToControllerRequestHeader req) {
        String brokerName = req.brokerName();
        ReplicaGroup group = state.group(brokerName);
        if (group == null) {
            return Outcome.failure(
                    ResponseCode.CONTROLLER_BROKER_NEED_TO_BE_REGISTERED,
                    "Broker-set: " + brokerName + " hasn't been registered in controller");
        }
        long id = req.brokerId() == null ? -1 : req.brokerId();
        if (!group.has(id)) {
            return Outcome.failure(
                    ResponseCode.CONTROLLER_BROKER_NEED_TO_BE_REGISTERED,
                    "BrokerId: " + id + " hasn't been registered in broker-set: " + brokerName);
        }
        RegisterBrokerToControllerResponseHeader header =
                new RegisterBrokerToControllerResponseHeader()
                        .clusterName(req.clusterName())
                        .brokerName(brokerName);
        Long master = group.master();
        if (master != null && liveness.isAlive(brokerName, master)) {
            header.masterBrokerId(master)
                    .masterAddress(group.address(master))
                    .masterEpoch(group.masterEpoch())
                    .syncStateSetEpoch(group.syncStateSetEpoch());
        }
        SyncStateSet body = new SyncStateSet(group.syncStateSet(), group.syncStateSetEpoch());
        List<Event> events =
                req.brokerAddress() == null || req.brokerAddress().equals(group.address(id))
                        ? List.of()
                        : List.of(
                                new Event.UpdateAddress(
                                        group.cluster(), brokerName, id, req.brokerAddress()));
        return Outcome.success(header, body, events);
    }

    static Outcome clean(
            ControllerState state, Liveness liveness, CleanControllerBrokerDataRequestHeader req) {
        String brokerName = req.brokerName();
        ReplicaGroup group = state.group(brokerName);
        if (group == null) {
            return Outcome.failure(
                    ResponseCode.CONTROLLER_INVALID_CLEAN_BROKER_METADATA,
                    "Broker broker-set " + brokerName + " is not existed");
        }
        Set<Long> ids = parseIds(req.brokerControllerIdsToClean());
        if (ids == null) {
            return Outcome.failure(
                    ResponseCode.CONTROLLER_INVALID_CLEAN_BROKER_METADATA,
                    "Please set the brokerControllerIdsToClean as numbers separated by ';'");
        }
        Set<Long> targets = ids.isEmpty() ? group.replicas().keySet() : ids;
        for (long id : targets) {
            if (!group.has(id)) {
                return Outcome.failure(
                        ResponseCode.CONTROLLER_INVALID_CLEAN_BROKER_METADATA,
                        "Broker " + id + " is not existed in broker-set " + brokerName);
            }
            if (!req.isCleanLivingBroker() && liveness.isAlive(brokerName, id)) {
                return Outcome.failure(
                        ResponseCode.CONTROLLER_INVALID_CLEAN_BROKER_METADATA,
                        "Broker " + id + " in broker-set " + brokerName + " is still alive");
            }
        }
        return Outcome.success(null, null, List.of(new Event.CleanBrokerData(brokerName, ids)));
    }

    /** {@code 1;2;3} as ids; empty or null = none named; null when a part is not a number. */
    private static Set<Long> parseIds(String text) {
        Set<Long> ids = new HashSet<>();
        if (text == null || text.isBlank()) {
            return ids;
        }
        for (String part : text.split(";")) {
            try {
                ids.add(Long.parseLong(part.trim()));
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return ids;
    }
}
