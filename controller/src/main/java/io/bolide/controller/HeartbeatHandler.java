package io.bolide.controller;

import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.BrokerHeartbeatRequestHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;

/**
 * BROKER_HEARTBEAT (904) to a controller: a replica is alive and says how far its log reaches.
 * Every controller records it, leader or not, so a new leader already knows who beats.
 */
final class HeartbeatHandler implements RequestHandler {
    private final Liveness liveness;

    HeartbeatHandler(Liveness liveness) {
        this.liveness = liveness;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        BrokerHeartbeatRequestHeader h = BrokerHeartbeatRequestHeader.decode(request.extFields());
        if (h.brokerId() == null) {
            exchange.respond(ResponseCode.CONTROLLER_INVALID_REQUEST, "brokerId is required");
            return;
        }
        liveness.heard(
                h.brokerName(),
                h.brokerId(),
                new Liveness.Beat(
                        h.clusterName(),
                        h.brokerAddr(),
                        0,
                        h.heartbeatTimeoutMills() == null ? 0 : h.heartbeatTimeoutMills(),
                        h.epoch() == null ? -1 : h.epoch(),
                        h.maxOffset() == null ? -1 : h.maxOffset(),
                        h.confirmOffset() == null ? -1 : h.confirmOffset(),
                        h.electionPriority() == null ? Integer.MAX_VALUE : h.electionPriority()));
        exchange.respond(ResponseCode.SUCCESS, null);
    }
}
