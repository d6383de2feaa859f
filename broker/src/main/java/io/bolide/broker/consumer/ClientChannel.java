package io.bolide.broker.consumer;

import io.bolide.remoting.Connection;

/** One client process on one connection, as a member of a group: its id and last heartbeat. */
public final class ClientChannel {
    public final Connection connection;
    public final String clientId;
    volatile long lastSeenMillis;

    ClientChannel(Connection connection, String clientId, long nowMillis) {
        this.connection = connection;
        this.clientId = clientId;
        this.lastSeenMillis = nowMillis;
    }

    /** When this client last heartbeated (epoch ms). */
    public long lastSeenMillis() {
        return lastSeenMillis;
    }
}
