package io.bolide.namesrv;

import io.bolide.remoting.Connection;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One periodic duty, run with a fixed delay on the name server's scan thread ({@code
 * bolide-namesrv-expiry}, a single-thread scheduled executor): remove brokers that have been silent
 * too long, so clients stop being routed to them. Not an agent (docs/architecture.md, section 3:
 * the name server has no agents, and one duty every few seconds does not justify a duty thread's
 * machinery in a module that does not otherwise use Agrona).
 */
final class BrokerExpiryScan implements Runnable {
    private static final Logger LOG = LoggerFactory.getLogger(BrokerExpiryScan.class);

    private final RouteTable routes;

    BrokerExpiryScan(RouteTable routes) {
        this.routes = routes;
    }

    @Override
    public void run() {
        try {
            Map<BrokerKey, Object> expired = routes.expire();
            if (!expired.isEmpty()) {
                LOG.warn("removed brokers silent too long: {}", expired.keySet());
            }
            // A broker that went quiet on an open connection is stuck or gone: close it, so
            // requests it still has in flight fail fast and it reconnects cleanly.
            for (Object connection : expired.values()) {
                if (connection instanceof Connection open) {
                    open.close();
                }
            }
        } catch (RuntimeException e) {
            // a scan that throws would cancel all later scans
            LOG.error("broker expiry scan failed", e);
        }
    }
}
