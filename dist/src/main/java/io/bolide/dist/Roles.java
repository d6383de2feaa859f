package io.bolide.dist;

import io.bolide.broker.Broker;
import io.bolide.controller.Controller;
import io.bolide.namesrv.NameServer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The roles this process runs: a name server, a broker, both, or a controller alone. Closing takes
 * the broker down first, so it can still unregister from a local name server, then the name server.
 */
final class Roles implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Roles.class);

    private NameServer nameServer;
    private Broker broker;
    private Controller controller;

    void controller(Controller value) {
        controller = value;
    }

    void nameServer(NameServer value) {
        nameServer = value;
    }

    void broker(Broker value) {
        broker = value;
    }

    NameServer nameServer() {
        return nameServer;
    }

    Broker broker() {
        return broker;
    }

    /** Broker first (flush, offsets saved, unregister), then the name server. */
    @Override
    public synchronized void close() {
        if (controller != null) {
            controller.close();
            controller = null;
        }
        try {
            if (broker != null) {
                broker.close();
                broker = null;
            }
        } finally {
            if (nameServer != null) {
                int port = nameServer.port();
                nameServer.close();
                nameServer = null;
                LOG.info("name server on port {} stopped", port);
            }
        }
    }
}
