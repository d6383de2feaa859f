package io.bolide.broker;

import io.bolide.remoting.Connection;

/** One client process on one connection, as a member of a group: its id and last heartbeat. */
final class ClientChannel {
    final Connection connection;
    final String clientId;
    volatile long lastSeenMillis;

    ClientChannel(Connection connection, String clientId, long nowMillis) {
        this.connection = connection;
        this.clientId = clientId;
        this.lastSeenMillis = nowMillis;
    }
}
