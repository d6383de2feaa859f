package io.bolide.namesrv;

import io.bolide.remoting.Connection;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.SleepingMillisIdleStrategy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The name server's one periodic duty, as an agent on its own thread ({@code
 * bolide-namesrv-expiry}): every {@code scanIntervalMillis} (changeable live), counted from the end
 * of the previous scan (the first one interval after start), remove brokers that have been silent
 * too long, so clients stop being routed to them. The thread sleeps at most {@value #MAX_TICK_MS}
 * ms at a time between due checks, so a scan runs at most that late. The broker's duties use the
 * same shape with more duties per thread (its {@code PeriodicDuty}); a one-duty module does not
 * share it.
 */
final class BrokerExpiryAgent implements Agent {
    private static final Logger LOG = LoggerFactory.getLogger(BrokerExpiryAgent.class);
    private static final long MAX_TICK_MS = 100;

    private final RouteTable routes;
    private volatile long intervalNanos;
    private long dueNanos;

    BrokerExpiryAgent(RouteTable routes, long intervalMillis) {
        this.routes = routes;
        this.intervalNanos = TimeUnit.MILLISECONDS.toNanos(intervalMillis);
        this.dueNanos = System.nanoTime() + intervalNanos;
    }

    /**
     * Starts scanning every {@code intervalMillis} on a daemon thread; close the runner to stop.
     */
    static AgentRunner start(BrokerExpiryAgent agent) {
        long intervalMillis = TimeUnit.NANOSECONDS.toMillis(agent.intervalNanos);
        AgentRunner runner =
                new AgentRunner(
                        new SleepingMillisIdleStrategy(
                                Math.max(1, Math.min(MAX_TICK_MS, intervalMillis))),
                        e -> LOG.error("broker expiry scan failed", e),
                        null,
                        agent);
        AgentRunner.startOnThread(
                runner,
                r -> {
                    Thread thread = new Thread(r, agent.roleName());
                    thread.setDaemon(true);
                    return thread;
                });
        return runner;
    }

    /**
     * Scans every {@code intervalMillis} from now on (scanNotActiveBrokerInterval changed live): a
     * shorter interval brings the next scan forward, a longer one applies after the next scan.
     */
    void interval(long intervalMillis) {
        intervalNanos = TimeUnit.MILLISECONDS.toNanos(intervalMillis);
    }

    @Override
    public int doWork() {
        long now = System.nanoTime();
        if (dueNanos - now > intervalNanos) {
            dueNanos = now + intervalNanos;
        }
        if (now - dueNanos < 0) {
            return 0;
        }
        scan();
        dueNanos = System.nanoTime() + intervalNanos;
        return 1;
    }

    private void scan() {
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
            // logged here rather than by the runner, to say which duty failed; the next scan runs
            LOG.error("broker expiry scan failed", e);
        }
    }

    @Override
    public String roleName() {
        return "bolide-namesrv-expiry";
    }
}
