package io.bolide.controller;

import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.BrokerHeartbeatRequestHeader;
import io.bolide.remoting.Connection;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * BROKER_HEARTBEAT (904) to a controller: a replica is alive and says how far its log reaches.
 * Every controller records it, leader or not, so a new leader already knows who beats. The first
 * heartbeat over a connection also watches that connection: when it closes, {@code closed} hears of
 * it (the replicas last heard over it are dead without waiting for their heartbeat timeout).
 */
final class HeartbeatHandler implements RequestHandler {
    private static final Logger LOG = LoggerFactory.getLogger(HeartbeatHandler.class);

    private final Liveness liveness;
    private final Consumer<Object> closed;
    private final Set<Connection> watched = ConcurrentHashMap.newKeySet();

    HeartbeatHandler(Liveness liveness, Consumer<Object> closed) {
        this.liveness = liveness;
        this.closed = closed;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        BrokerHeartbeatRequestHeader h = BrokerHeartbeatRequestHeader.decode(request.extFields());
        if (h.brokerId() == null) {
            exchange.respond(ResponseCode.CONTROLLER_INVALID_REQUEST, "brokerId is required");
            return;
        }
        Connection connection = exchange.connection();
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
                        h.electionPriority() == null ? Integer.MAX_VALUE : h.electionPriority()),
                connection);
        if (connection != null && watched.add(connection)) {
            connection.onClose(() -> lost(connection));
        }
        exchange.respond(ResponseCode.SUCCESS, null);
    }

    private void lost(Connection connection) {
        watched.remove(connection);
        try {
            closed.accept(connection);
        } catch (RuntimeException e) {
            // the controller closing: its writer no longer takes elections
            LOG.debug("closed connection {} not judged: {}", connection, e.toString());
        }
    }
}
