package io.bolide.namesrv;

import io.bolide.controller.Controller;
import io.bolide.controller.ControllerConfig;
import io.bolide.namesrv.metrics.NameServerMetrics;
import io.bolide.protocol.body.BrokerData;
import io.bolide.remoting.RemotingServer;
import io.bolide.remoting.RemotingServerConfig;
import io.bolide.remoting.metrics.MetricsEndpoint;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.SortedSet;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import org.agrona.concurrent.AgentRunner;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A running name server: brokers register with it, clients ask it which brokers serve a topic.
 * Speaks RocketMQ's remoting protocol, so Apache brokers, clients and admin tools work with it.
 *
 * <pre>{@code
 * try (NameServer ns = NameServer.start(NameServerConfig.builder().listenPort(0).build())) {
 *     String address = "127.0.0.1:" + ns.port();
 * }
 * }</pre>
 */
public final class NameServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(NameServer.class);
    private static final int REGISTRATION_QUEUE = 1024;
    private static final Duration SHUTDOWN_GRACE = Duration.ofSeconds(5);
    private static final long LISTED_POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    private final RemotingServer server;
    private final AgentRunner expiry;
    private final ThreadPoolExecutor registrations;
    private final RouteTable routes;

    /** The Prometheus endpoint, or null when metricsExporterType is DISABLE. */
    private final MetricsEndpoint metrics;

    /** The embedded controller (enableControllerInNamesrv=true), or null. */
    private final Controller controller;

    private NameServer(
            RemotingServer server,
            AgentRunner expiry,
            ThreadPoolExecutor registrations,
            RouteTable routes,
            MetricsEndpoint metrics,
            Controller controller) {
        this.server = server;
        this.expiry = expiry;
        this.registrations = registrations;
        this.routes = routes;
        this.metrics = metrics;
        this.controller = controller;
    }

    /**
     * Starts a name server and returns once it accepts connections.
     *
     * @throws InterruptedException if interrupted while binding
     */
    public static NameServer start(NameServerConfig config) throws InterruptedException {
        return start(config, NameServer::monotonicMillis);
    }

    /** What admins read and change live; a change reaches the route table and the scanner. */
    private static NameServerSettings settings(
            NameServerConfig config, RouteTable routes, BrokerExpiryAgent scanner) {
        Consumer<NameServerConfig> apply =
                next -> {
                    routes.defaultTimeoutMillis(next.brokerExpiryMillis());
                    scanner.interval(next.scanIntervalMillis());
                };
        NameServerSettings settings = new NameServerSettings(config, apply);
        // the live changes kept in configStorePath count from the start
        apply.accept(settings.current());
        return settings;
    }

    /** Starts a name server whose broker expiry follows {@code clock} (milliseconds). */
    static NameServer start(NameServerConfig config, LongSupplier clock)
            throws InterruptedException {
        RouteTable routes = new RouteTable(clock, config.brokerExpiryMillis());
        BrokerExpiryAgent scanner = new BrokerExpiryAgent(routes, config.scanIntervalMillis());
        RemotingServer server = remotingServer(config);
        // First: a port that cannot be bound fails the start before anything else is running.
        MetricsEndpoint metrics = startMetrics(config, server, routes);
        // one thread: registrations of one broker apply in the order they came
        ThreadPoolExecutor registrations =
                new ThreadPoolExecutor(
                        1,
                        1,
                        0,
                        TimeUnit.MILLISECONDS,
                        new ArrayBlockingQueue<>(REGISTRATION_QUEUE),
                        daemon("bolide-namesrv-register"));
        RequestTable.install(
                server,
                routes,
                kvTable(config),
                new ConnectionWatch(routes),
                registrations,
                settings(config, routes, scanner));
        Controller controller = null;
        try {
            controller = startController(config);
            server.start();
        } catch (InterruptedException | RuntimeException e) {
            registrations.shutdownNow();
            if (metrics != null) {
                metrics.close();
            }
            if (controller != null) {
                controller.close();
            }
            throw e;
        }
        AgentRunner expiry = BrokerExpiryAgent.start(scanner);
        LOG.info("name server listening on port {}", server.port());
        return new NameServer(server, expiry, registrations, routes, metrics, controller);
    }

    /** The controller of enableControllerInNamesrv=true, on its own port; else null. */
    private static Controller startController(NameServerConfig config) throws InterruptedException {
        ControllerConfig controllerConfig = config.controllerConfig();
        return controllerConfig == null ? null : Controller.start(controllerConfig);
    }

    /** The metrics endpoint when configured; a port that cannot be bound fails the start. */
    private static MetricsEndpoint startMetrics(
            NameServerConfig config, RemotingServer server, RouteTable routes) {
        try {
            MetricsEndpoint endpoint = MetricsEndpoint.start(config.metrics(), server);
            if (endpoint != null) {
                NameServerMetrics.install(
                        endpoint, routes::liveBrokers, routes.catalog()::topicCount);
            }
            return endpoint;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot serve metrics on " + config.metrics(), e);
        }
    }

    private static RemotingServer remotingServer(NameServerConfig config) {
        return new RemotingServer(
                RemotingServerConfig.builder()
                        .bindAddress(config.bindAddress())
                        .port(config.listenPort())
                        .listeners(config.listeners())
                        .maxFrame(config.maxFrame())
                        .idleSeconds(config.serverChannelMaxIdleTimeSeconds())
                        .tls(config.serverTls())
                        .limits(config.connectionLimits())
                        .build());
    }

    private static KvConfigTable kvTable(NameServerConfig config) {
        Path file = config.kvConfigPath();
        return file == null ? new KvConfigTable() : new KvConfigTable(file);
    }

    /** The request codes this name server answers (with its embedded controller's, if any). */
    public SortedSet<Integer> servedCodes() {
        return server.servedCodes();
    }

    /** The port the name server listens on (its first named listener's, if it has any). */
    public int port() {
        return server.port();
    }

    /** The port of the metrics endpoint (metricsExporterType=PROM), or 0 when there is none. */
    public int metricsPort() {
        return metrics == null ? 0 : metrics.port();
    }

    /**
     * The port bound for the named listener {@code listener}.
     *
     * @throws IllegalArgumentException when no listener has that name
     */
    public int port(String listener) {
        return server.port(listener);
    }

    /**
     * Waits until this name server lists {@code brokerAddress}, as {@link RegistrationProbe} does
     * from outside but by looking at the route table in this process: a process running both roles
     * needs no client connection, request and JSON round trip for it. False at the deadline.
     */
    public boolean awaitListed(String brokerAddress, long timeoutMillis)
            throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        while (!lists(brokerAddress)) {
            if (System.nanoTime() - deadline > 0) {
                return false;
            }
            LockSupport.parkNanos(LISTED_POLL_NANOS);
            if (Thread.interrupted()) {
                throw new InterruptedException("waiting for " + brokerAddress + " to register");
            }
        }
        return true;
    }

    private boolean lists(String brokerAddress) {
        for (BrokerData broker : routes.clusterInfo().brokerAddrTable().values()) {
            if (broker.brokerAddrs().containsValue(brokerAddress)) {
                return true;
            }
        }
        return false;
    }

    /** The controller running in this process (enableControllerInNamesrv=true), or null. */
    public Controller controller() {
        return controller;
    }

    /** The route table, for tests in this package. */
    RouteTable routes() {
        return routes;
    }

    /** Stops scanning, answers requests in flight, and closes every connection. */
    @Override
    public void close() {
        // Interrupt at once (after 1 ms), as shutting an executor down now did: the scan thread
        // sleeps between due checks and holds nothing an interrupt could harm.
        expiry.close(1, thread -> {});
        try {
            server.shutdown(SHUTDOWN_GRACE);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            registrations.shutdownNow();
            if (metrics != null) {
                metrics.close();
            }
            if (controller != null) {
                controller.close();
            }
        }
    }

    private static long monotonicMillis() {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime());
    }

    private static ThreadFactory daemon(String name) {
        return task -> {
            Thread thread = new Thread(task, name);
            thread.setDaemon(true);
            return thread;
        };
    }
}
