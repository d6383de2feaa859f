package io.bolide.protocol.body;

import java.util.Set;

/** Body of a {@code GET_PRODUCER_CONNECTION_LIST} response: a producer group's clients. */
public record ProducerConnection(Set<Connection> connectionSet) {

    /** Copies the connections, null becoming empty. */
    public ProducerConnection {
        connectionSet = Frozen.set(connectionSet);
    }
}
