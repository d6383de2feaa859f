package io.bolide.namesrv;

import io.bolide.remoting.Connection;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Removes a broker's registration the moment its connection closes, rather than two minutes later
 * by expiry: clients then stop getting routes to a broker that is gone.
 */
final class ConnectionWatch {
    private static final Logger LOG = LoggerFactory.getLogger(ConnectionWatch.class);

    private final Set<Connection> watched = ConcurrentHashMap.newKeySet();
    private final RouteTable routes;

    ConnectionWatch(RouteTable routes) {
        this.routes = routes;
    }

    /** Watches the connection a broker registered over; call after registering. */
    void watch(Connection connection) {
        if (watched.add(connection)) {
            connection.channel().closeFuture().addListener(f -> closed(connection));
        } else if (!connection.isActive()) {
            // closed while this registration was being recorded, after the listener had run
            closed(connection);
        }
    }

    private void closed(Connection connection) {
        watched.remove(connection);
        List<BrokerKey> removed = routes.connectionClosed(connection);
        if (!removed.isEmpty()) {
            LOG.info("connection {} closed, removed brokers {}", connection, removed);
        }
    }
}
