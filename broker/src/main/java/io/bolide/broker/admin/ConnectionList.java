package io.bolide.broker.admin;

import io.bolide.broker.consumer.ClientChannel;
import io.bolide.broker.consumer.ClientVersion;
import io.bolide.protocol.body.Connection;
import java.util.HashSet;
import java.util.Set;

/** Group members as admin tools list them: client id, address, language and version. */
final class ConnectionList {
    private ConnectionList() {}

    static Set<Connection> of(Iterable<ClientChannel> members) {
        Set<Connection> connections = new HashSet<>();
        for (ClientChannel member : members) {
            if (!member.connection.isActive()) {
                continue;
            }
            ClientVersion version = ClientVersion.of(member.connection);
            connections.add(
                    new Connection(
                            member.clientId,
                            member.connection.remoteAddress(),
                            version.language(),
                            version.version()));
        }
        return connections;
    }
}
