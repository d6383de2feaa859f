package io.bolide.remoting;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.util.concurrent.ScheduledFuture;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Accepts connections and serves their requests through handlers registered by request code.
 * Register handlers, then {@link #start()}; {@link #shutdown(Duration)} stops accepting, lets
 * requests in flight finish, and closes.
 */
public final class RemotingServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RemotingServer.class);
    private static final Duration DEFAULT_GRACE = Duration.ofSeconds(10);

    private final RemotingServerConfig config;
    private final HandlerTable handlers = new HandlerTable();
    private final InFlight inFlight = new InFlight();
    private final Dispatcher dispatcher = new Dispatcher(handlers, inFlight);
    private final Set<Connection> connections = ConcurrentHashMap.newKeySet();
    private final AtomicInteger opaques = new AtomicInteger();
    private final LocalCalls localCalls = new LocalCalls(dispatcher, opaques);
    private final ConnectionQuota quota;
    private final RateLimitedLog slowFrames = new RateLimitedLog(LOG);
    private ServerCertificates certificates;
    private EventLoopGroup bossGroup;
    private EventLoopGroup ioGroup;
    private List<Channel> serverChannels;
    private ScheduledFuture<?> expiryScan;
    private ScheduledFuture<?> certificateCheck;

    /** A server with {@code config}; nothing is bound until {@link #start()}. */
    public RemotingServer(RemotingServerConfig config) {
        this.config = config;
        this.quota = new ConnectionQuota(config.limits());
    }

    /** Serves {@code code} inline on the I/O thread: for cheap handlers that never block. */
    public void registerHandler(int code, RequestHandler handler) {
        handlers.register(code, handler, null);
    }

    /**
     * Serves {@code code} on {@code executor}. The executor must be bounded and throw {@link
     * java.util.concurrent.RejectedExecutionException} when full: the request is then answered with
     * SYSTEM_BUSY instead of queueing without limit.
     */
    public void registerHandler(int code, RequestHandler handler, Executor executor) {
        handlers.register(code, handler, Checks.notNull("executor", executor));
    }

    /** The codes served so far, ascending: what the server answers other than "not supported". */
    public SortedSet<Integer> servedCodes() {
        return Collections.unmodifiableSortedSet(handlers.codes());
    }

    /**
     * Puts {@code gate} in front of every handler (null: none). Set it before {@link #start()} so
     * that no request is served unchecked.
     */
    public void gate(RequestGate gate) {
        dispatcher.gate(gate);
    }

    /**
     * Tells {@code watcher} of every answered request from now on (null: nobody); it must be cheap
     * and must not block (see {@link RequestObserver}).
     */
    public void observe(RequestObserver watcher) {
        dispatcher.observe(watcher);
    }

    /**
     * Dispatches requests made inside this process (the gRPC endpoint's) through the same gate,
     * observer and handlers as the network's.
     */
    public LocalCalls localCalls() {
        return localCalls;
    }

    /**
     * Binds and starts serving; returns once the port is bound.
     *
     * @throws IllegalStateException if already started, the address cannot be bound or the TLS
     *     files cannot be used
     */
    public synchronized RemotingServer start() throws InterruptedException {
        bind();
        accept();
        return this;
    }

    /**
     * Binds the port(s) without accepting connections yet: a caller that needs the bound port to
     * finish its own set-up (a broker advertises it, its handlers need it) registers its handlers
     * and then calls {@link #accept()}. Clients that connect meanwhile wait in the listen backlog
     * instead of being answered "request code not supported" by a half-assembled server.
     *
     * @throws IllegalStateException if already bound, the address cannot be bound or the TLS files
     *     cannot be used
     */
    public synchronized RemotingServer bind() throws InterruptedException {
        if (serverChannels != null) {
            throw new IllegalStateException("already started");
        }
        if (config.tls().enabled() && certificates == null) {
            certificates = ServerCertificates.load(config.tls());
        }
        Transport transport = Transport.choose(config.preferNative());
        bossGroup = transport.newGroup(1, "bolide-accept");
        ioGroup = transport.newGroup(config.ioThreads(), "bolide-server-io");
        WriteLimits limits = config.writeLimits();
        ServerBootstrap bootstrap =
                new ServerBootstrap()
                        .group(bossGroup, ioGroup)
                        .channel(transport.serverChannel())
                        .option(ChannelOption.SO_BACKLOG, 1024)
                        .option(ChannelOption.SO_REUSEADDR, true)
                        // No accept until accept(): the server channel reads (accepts) only then.
                        .option(ChannelOption.AUTO_READ, false)
                        .childOption(ChannelOption.TCP_NODELAY, true)
                        .childOption(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
                        .childOption(
                                ChannelOption.WRITE_BUFFER_WATER_MARK,
                                new WriteBufferWaterMark(limits.low(), limits.high()))
                        .childHandler(newChannelSetup());
        serverChannels = bindAll(bootstrap);
        scheduleDuties();
        for (Channel channel : serverChannels) {
            LOG.debug("remoting server bound to {} ({})", channel.localAddress(), transport);
        }
        return this;
    }

    /** Starts accepting the connections that {@link #bind()} left waiting; idempotent. */
    public synchronized void accept() {
        if (serverChannels == null) {
            throw new IllegalStateException("not bound");
        }
        for (Channel channel : serverChannels) {
            if (!channel.config().isAutoRead()) {
                channel.config().setAutoRead(true);
                LOG.info("remoting server listening on {}", channel.localAddress());
            }
        }
    }

    /**
     * Binds the one address, or every named listener, each server channel carrying its listener's
     * name before it accepts anything; on a failure, closes what was bound and the event loops.
     */
    private List<Channel> bindAll(ServerBootstrap bootstrap) throws InterruptedException {
        Map<String, String> named = config.listeners().asMap();
        List<Channel> bound = new ArrayList<>();
        if (named.isEmpty()) {
            bind(bootstrap, config.bindAddress(), config.port(), bound);
        }
        for (Map.Entry<String, String> listener : named.entrySet()) {
            String address = listener.getValue();
            bind(
                    bootstrap.clone().attr(Connection.LISTENER, listener.getKey()),
                    NamedAddresses.host(address),
                    NamedAddresses.port(address),
                    bound);
        }
        return bound;
    }

    private void bind(ServerBootstrap bootstrap, String host, int port, List<Channel> bound)
            throws InterruptedException {
        ChannelFuture future = bootstrap.bind(host, port).await();
        if (future.isSuccess()) {
            bound.add(future.channel());
            return;
        }
        for (Channel channel : bound) {
            channel.close().await();
        }
        bossGroup.shutdownGracefully(0, 0, TimeUnit.SECONDS);
        ioGroup.shutdownGracefully(0, 0, TimeUnit.SECONDS);
        throw new IllegalStateException("cannot listen on " + host + ":" + port, future.cause());
    }

    /** The expiry sweep (calls to clients, frame deadlines) and the certificate check. */
    private void scheduleDuties() {
        long interval = config.scanIntervalMillis();
        expiryScan =
                ioGroup.next()
                        .scheduleAtFixedRate(
                                this::expireCalls, interval, interval, TimeUnit.MILLISECONDS);
        if (certificates != null) {
            long period = config.tls().reloadIntervalMillis();
            certificateCheck =
                    ioGroup.next()
                            .scheduleWithFixedDelay(
                                    certificates::refresh, period, period, TimeUnit.MILLISECONDS);
        }
    }

    /**
     * The pipeline every accepted connection gets. Package-private rather than private: the test
     * fixture installs it on an in-memory channel to serve frames without binding a socket.
     */
    ChannelSetup newChannelSetup() {
        PipelineSettings settings =
                new PipelineSettings(
                        config.maxFrame(),
                        config.idleSeconds(),
                        config.requestType(),
                        true,
                        config.limits().maxRequestsInFlight(),
                        certificates == null ? TlsLayer.NONE : TlsLayer.server(certificates));
        return new ChannelSetup(settings, dispatcher, opaques, this::opened, quota);
    }

    private void opened(Connection connection) {
        connection.remoteAddress(); // computed once, while the channel is fresh
        connections.add(connection);
        connection.channel().closeFuture().addListener(f -> connections.remove(connection));
    }

    /** Fails calls to clients that got no answer in time; closes peers stuck inside a frame. */
    private void expireCalls() {
        long now = System.nanoTime();
        long frameTimeout = TimeUnit.MILLISECONDS.toNanos(config.limits().frameTimeoutMillis());
        for (Connection connection : connections) {
            connection.expire(now);
            if (frameTimeout > 0 && connection.frameOverdue(now, frameTimeout)) {
                slowFrames.warn(
                        "closing a connection that stopped in the middle of a frame", connection);
                connection.close();
            }
        }
    }

    /**
     * Checks the TLS certificate files now rather than at the next period; true if they changed and
     * new connections use them.
     */
    public boolean reloadCertificates() {
        return certificates != null && certificates.refresh();
    }

    /** The bound port (of the first named listener, when there are named listeners). */
    public int port() {
        return ((InetSocketAddress) serverChannels.get(0).localAddress()).getPort();
    }

    /**
     * The port bound for the named listener {@code listener}.
     *
     * @throws IllegalArgumentException when no listener has that name
     */
    public int port(String listener) {
        for (Channel channel : serverChannels) {
            if (listener.equals(channel.attr(Connection.LISTENER).get())) {
                return ((InetSocketAddress) channel.localAddress()).getPort();
            }
        }
        throw new IllegalArgumentException("no listener named " + listener);
    }

    /** The open client connections (a live, read-only view). */
    public Set<Connection> connections() {
        return Collections.unmodifiableSet(connections);
    }

    /** Requests dispatched and not yet answered. */
    public int requestsInFlight() {
        return inFlight.count();
    }

    /**
     * Stops accepting and reading, waits up to {@code grace} for requests in flight to be answered,
     * flushes what was written, and closes every connection.
     */
    public synchronized void shutdown(Duration grace) throws InterruptedException {
        if (serverChannels == null) {
            return;
        }
        long deadline = System.nanoTime() + grace.toNanos();
        dispatcher.close();
        for (Channel channel : serverChannels) {
            channel.close().await();
        }
        for (Connection connection : connections) {
            connection.channel().config().setAutoRead(false);
        }
        if (!inFlight.awaitZero(deadline)) {
            LOG.warn("closing with {} requests still in flight", inFlight.count());
        }
        closeAll(deadline);
        expiryScan.cancel(false);
        if (certificateCheck != null) {
            certificateCheck.cancel(false);
        }
        long left = Math.max(0, deadline - System.nanoTime());
        bossGroup
                .shutdownGracefully(0, left, TimeUnit.NANOSECONDS)
                .await(left + 1_000_000_000L, TimeUnit.NANOSECONDS);
        ioGroup.shutdownGracefully(0, left, TimeUnit.NANOSECONDS)
                .await(left + 1_000_000_000L, TimeUnit.NANOSECONDS);
        serverChannels = null;
    }

    /** Closes each connection after what was written to it has been flushed. */
    private void closeAll(long deadline) throws InterruptedException {
        List<ChannelFuture> closing = new ArrayList<>();
        for (Connection connection : connections) {
            Channel channel = connection.channel();
            channel.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
            closing.add(channel.closeFuture());
        }
        for (ChannelFuture future : closing) {
            future.await(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        }
    }

    /** {@link #shutdown(Duration)} with a 10 s grace period; an interrupt ends the wait. */
    @Override
    public void close() {
        try {
            shutdown(DEFAULT_GRACE);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
