package io.bolide.broker.send;

import io.bolide.remoting.Connection;
import io.netty.util.AttributeKey;
import java.net.InetSocketAddress;

/**
 * A client's address as the stored record's BORNHOST wants it: address bytes and port, computed
 * once per connection and kept on its channel.
 */
final class PeerHost {
    private static final AttributeKey<PeerHost> KEY = AttributeKey.valueOf("bolide.peerHost");
    private static final PeerHost UNKNOWN = new PeerHost(new byte[4], 0);

    final byte[] address;
    final int port;

    private PeerHost(byte[] address, int port) {
        this.address = address;
        this.port = port;
    }

    static PeerHost of(Connection connection) {
        var attribute = connection.channel().attr(KEY);
        PeerHost host = attribute.get();
        if (host == null) {
            host = resolve(connection);
            attribute.set(host);
        }
        return host;
    }

    private static PeerHost resolve(Connection connection) {
        Object remote = connection.channel().remoteAddress();
        if (remote instanceof InetSocketAddress socket && socket.getAddress() != null) {
            return new PeerHost(socket.getAddress().getAddress(), socket.getPort());
        }
        return UNKNOWN;
    }
}
