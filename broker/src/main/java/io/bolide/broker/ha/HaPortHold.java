package io.bolide.broker.ha;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A controller-mode slave's hold on its HA port. Such a slave may be made master at any moment, and
 * then binds that port; were it free meanwhile, any outgoing connection could be given it as its
 * local port and the promotion would fail until that connection closed (seen in tests, where listen
 * ports are drawn from the ephemeral range). The reference's brokers bind their HA port at start
 * whatever their role; this keeps the port bound, accepting nothing, until the role switch releases
 * it just before the master's listener binds it.
 */
public final class HaPortHold implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(HaPortHold.class);

    /** Holds nothing: a master, classic HA, or a port chosen at bind time. */
    public static final HaPortHold NONE = new HaPortHold(null);

    private final ServerSocket socket;

    private HaPortHold(ServerSocket socket) {
        this.socket = socket;
    }

    /**
     * Binds {@code host:port} (any address when {@code host} is empty); a port already taken is
     * logged and not held: the promotion will then say why it cannot bind.
     */
    public static HaPortHold of(String host, int port) {
        if (port <= 0) {
            return NONE;
        }
        InetSocketAddress address =
                host == null || host.isEmpty()
                        ? new InetSocketAddress(port)
                        : new InetSocketAddress(host, port);
        ServerSocket socket = null;
        try {
            socket = new ServerSocket();
            socket.setReuseAddress(true);
            socket.bind(address, 1);
            return new HaPortHold(socket);
        } catch (IOException e) {
            LOG.warn("HA port {} not held while a slave: {}", address, e.toString());
            closeQuietly(socket);
            return NONE;
        }
    }

    /** Whether the port is bound by this hold. */
    public boolean holds() {
        return socket != null && socket.isBound() && !socket.isClosed();
    }

    @Override
    public void close() {
        closeQuietly(socket);
    }

    private static void closeQuietly(ServerSocket socket) {
        if (socket == null) {
            return;
        }
        try {
            socket.close();
        } catch (IOException e) {
            LOG.debug("closing the HA port hold: {}", e.toString());
        }
    }
}
