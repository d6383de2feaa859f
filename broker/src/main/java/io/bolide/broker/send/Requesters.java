package io.bolide.broker.send;

import io.bolide.remoting.Connection;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The connection each requester of request-reply (#38) sent its last request over, by the client id
 * its requests name in REPLY_TO_CLIENT. A reply goes back over that connection: a requester's
 * producer heartbeat can come up to 30 s after its first request (the client heartbeats only to
 * brokers it already has a route to), and a reply must not wait for it. An entry goes when its
 * connection closes.
 */
public final class Requesters {
    private final ConcurrentHashMap<String, Connection> byClientId = new ConcurrentHashMap<>();

    /** Notes {@code connection} for a message whose properties name a requester; else nothing. */
    void noteIfRequest(String properties, Connection connection) {
        // Most sends are not requests: one substring search before any parsing.
        if (properties == null || !properties.contains(MessageProperty.REPLY_TO_CLIENT)) {
            return;
        }
        String clientId = MessageProperty.of(properties, MessageProperty.REPLY_TO_CLIENT);
        if (clientId == null || clientId.isEmpty()) {
            return;
        }
        Connection before = byClientId.put(clientId, connection);
        if (before != connection) {
            connection.onClose(() -> byClientId.remove(clientId, connection));
        }
    }

    /** The requester's live connection, or null. */
    Connection find(String clientId) {
        Connection connection = byClientId.get(clientId);
        return connection != null && connection.isActive() ? connection : null;
    }
}
