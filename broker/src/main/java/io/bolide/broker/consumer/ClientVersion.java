package io.bolide.broker.consumer;

import io.bolide.protocol.frame.LanguageCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.remoting.Connection;
import io.netty.util.AttributeKey;

/**
 * A client's language and protocol version, as its heartbeat frame states them; kept on the
 * connection so admin connection lists can report them without the registry carrying them.
 */
public record ClientVersion(String language, int version) {
    private static final AttributeKey<ClientVersion> KEY =
            AttributeKey.valueOf("bolide.clientVersion");
    private static final ClientVersion UNKNOWN = new ClientVersion("OTHER", 0);

    /** Remembers the language and version {@code request} carries on its connection. */
    static void remember(Connection connection, RemotingCommand request) {
        ClientVersion known = connection.channel().attr(KEY).get();
        String name = LanguageCode.name(request.language());
        String language = name == null ? UNKNOWN.language : name;
        if (known == null
                || known.version != request.version()
                || !known.language.equals(language)) {
            connection.channel().attr(KEY).set(new ClientVersion(language, request.version()));
        }
    }

    /** What the connection's last heartbeat said, or {@code OTHER}/0 before any heartbeat. */
    public static ClientVersion of(Connection connection) {
        ClientVersion known = connection.channel().attr(KEY).get();
        return known == null ? UNKNOWN : known;
    }
}
