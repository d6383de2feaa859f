package io.bolide.remoting;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.FrameDescriptor;
import io.bolide.protocol.frame.RemotingCommand;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.util.concurrent.ScheduledFuture;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Calls remoting servers: one multiplexed connection per address, opened lazily and reopened after
 * a failure; synchronous, asynchronous and oneway calls with timeouts; at most a configured number
 * of asynchronous and oneway calls in flight. Servers may also send requests to the client over its
 * connections, served by handlers registered here.
 *
 * <p>Request bodies passed in are always released by the client. Responses handed out belong to the
 * caller, who must {@link RemotingCommand#release() release} them.
 */
public final class RemotingClient implements AutoCloseable {
    private final RemotingClientConfig config;
    private final HandlerTable handlers = new HandlerTable();
    private final InFlight inFlight = new InFlight();
    private final Dispatcher dispatcher = new Dispatcher(handlers, inFlight);
    private final AtomicInteger opaques = new AtomicInteger();
    private final Semaphore asyncPermits;
    private final Semaphore onewayPermits;
    private final EventLoopGroup group;
    private final Connector connector;
    private final ScheduledFuture<?> expiryScan;
    private volatile boolean closed;

    /** A client with {@code config}; connections open on first use. */
    public RemotingClient(RemotingClientConfig config) {
        this.config = config;
        this.asyncPermits = new Semaphore(config.maxAsyncInFlight());
        this.onewayPermits = new Semaphore(config.maxOnewayInFlight());
        PipelineSettings pipeline = settings(config); // fails on bad TLS files before any thread
        Transport transport = Transport.choose(config.preferNative());
        this.group = transport.newGroup(config.ioThreads(), "bolide-client-io");
        WriteLimits limits = config.writeLimits();
        Bootstrap bootstrap =
                new Bootstrap()
                        .group(group)
                        .channel(transport.clientChannel())
                        .option(ChannelOption.TCP_NODELAY, true)
                        .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, config.connectTimeoutMillis())
                        .option(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
                        .option(
                                ChannelOption.WRITE_BUFFER_WATER_MARK,
                                new WriteBufferWaterMark(limits.low(), limits.high()))
                        .handler(new ChannelSetup(pipeline, dispatcher, opaques, c -> {}, null));
        this.connector = new Connector(bootstrap);
        long interval = config.scanIntervalMillis();
        this.expiryScan =
                group.next()
                        .scheduleAtFixedRate(
                                this::expireCalls, interval, interval, TimeUnit.MILLISECONDS);
    }

    private static PipelineSettings settings(RemotingClientConfig config) {
        ClientTlsConfig tls = config.tls();
        return new PipelineSettings(
                config.maxFrame(),
                config.idleSeconds(),
                config.requestType(),
                false,
                0,
                tls.enabled()
                        ? TlsLayer.client(TlsFiles.client(tls), tls.handshakeTimeoutMillis())
                        : TlsLayer.NONE);
    }

    /** Serves requests the server sends with {@code code}, inline on the I/O thread. */
    public void registerHandler(int code, RequestHandler handler) {
        handlers.register(code, handler, null);
    }

    /** Serves requests the server sends with {@code code} on a bounded {@code executor}. */
    public void registerHandler(int code, RequestHandler handler, Executor executor) {
        handlers.register(code, handler, Checks.notNull("executor", executor));
    }

    /**
     * Sends a request and waits for its response.
     *
     * @param body request body, or null
     * @return the response; the caller releases it
     */
    public RemotingCommand invokeSync(
            String address, int code, CommandHeader header, ByteBuf body, long timeoutMillis)
            throws InterruptedException, RemotingException {
        long deadline = deadline(timeoutMillis);
        Connection connection = acquire(address, deadline, body);
        PendingCall call =
                connection.invoke(config.requestType(), code, header, body, timeoutMillis, null);
        try {
            return call.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            if (connection.fail(call, new RemotingTimeoutException("timed out"))) {
                throw new RemotingTimeoutException(
                        "no response from " + address + " in " + timeoutMillis + " ms");
            }
            return settled(call); // the response won the race with the deadline
        } catch (ExecutionException e) {
            throw unwrap(e.getCause());
        } catch (InterruptedException e) {
            if (!connection.fail(call, e)) {
                call.thenAccept(RemotingCommand::release);
            }
            throw e;
        }
    }

    /**
     * Sends a request; the future completes with the response (the caller releases it) or fails
     * with a {@link RemotingException}. Waits only to connect and for an in-flight permit.
     */
    public CompletableFuture<RemotingCommand> invokeAsync(
            String address, int code, CommandHeader header, ByteBuf body, long timeoutMillis) {
        long deadline = deadline(timeoutMillis);
        try {
            Connection connection = acquire(address, deadline, body);
            if (!asyncPermits.tryAcquire(remaining(deadline), TimeUnit.NANOSECONDS)) {
                release(body);
                throw new RemotingBusyException(
                        "more than " + config.maxAsyncInFlight() + " asynchronous calls in flight");
            }
            return connection.invoke(
                    config.requestType(), code, header, body, timeoutMillis, asyncPermits);
        } catch (RemotingException e) {
            return CompletableFuture.failedFuture(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return CompletableFuture.failedFuture(e);
        }
    }

    /** Sends a request that gets no response; returns once it is queued for writing. */
    public void invokeOneway(
            String address, int code, CommandHeader header, ByteBuf body, long timeoutMillis)
            throws InterruptedException, RemotingException {
        long deadline = deadline(timeoutMillis);
        Connection connection = acquire(address, deadline, body);
        if (!onewayPermits.tryAcquire(remaining(deadline), TimeUnit.NANOSECONDS)) {
            release(body);
            throw new RemotingBusyException(
                    "more than " + config.maxOnewayInFlight() + " oneway requests unwritten");
        }
        try {
            connection
                    .write(
                            config.requestType(),
                            code,
                            0,
                            FrameDescriptor.FLAG_ONEWAY,
                            null,
                            header,
                            body)
                    .addListener(f -> onewayPermits.release());
        } catch (RuntimeException e) {
            onewayPermits.release();
            throw new RemotingSendException("cannot encode request " + code, e);
        }
    }

    /** Closes the connection to {@code address} (the next call reconnects). */
    public void closeConnection(String address) {
        connector.close(address);
    }

    private Connection acquire(String address, long deadline, ByteBuf body)
            throws InterruptedException, RemotingException {
        try {
            if (closed) {
                throw new RemotingConnectException("client is closed");
            }
            return connector.acquire(address, deadline);
        } catch (RemotingException | InterruptedException | RuntimeException e) {
            release(body);
            throw e;
        }
    }

    private void expireCalls() {
        long now = System.nanoTime();
        for (Connection connection : connector.open()) {
            connection.expire(now);
        }
    }

    private static RemotingCommand settled(PendingCall call) throws RemotingException {
        try {
            return call.join();
        } catch (CompletionException e) {
            throw unwrap(e.getCause());
        }
    }

    private static RemotingException unwrap(Throwable cause) {
        return cause instanceof RemotingException
                ? (RemotingException) cause
                : new RemotingException("call failed", cause);
    }

    private static long deadline(long timeoutMillis) {
        return System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
    }

    private static long remaining(long deadline) {
        return Math.max(0, deadline - System.nanoTime());
    }

    private static void release(ByteBuf body) {
        if (body != null) {
            body.release();
        }
    }

    /**
     * Stops new calls, waits up to {@code grace} for calls in flight and for requests from servers
     * being served, then closes every connection (what is still pending fails).
     */
    public void close(Duration grace) throws InterruptedException {
        if (closed) {
            return;
        }
        closed = true;
        long deadline = System.nanoTime() + grace.toNanos();
        dispatcher.close();
        while (hasPendingCalls() && System.nanoTime() - deadline < 0) {
            awaitAnyPending(deadline);
        }
        inFlight.awaitZero(deadline);
        for (Channel channel : connector.all()) {
            channel.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
        }
        expiryScan.cancel(false);
        long left = remaining(deadline);
        group.shutdownGracefully(0, left, TimeUnit.NANOSECONDS)
                .await(left + TimeUnit.SECONDS.toNanos(1), TimeUnit.NANOSECONDS);
    }

    private boolean hasPendingCalls() {
        for (Connection connection : connector.open()) {
            if (connection.pendingCount() > 0) {
                return true;
            }
        }
        return false;
    }

    private void awaitAnyPending(long deadline) throws InterruptedException {
        for (Connection connection : connector.open()) {
            connection.awaitDrained(deadline);
        }
    }

    /** {@link #close(Duration)} with a 5 s grace period; an interrupt ends the wait. */
    @Override
    public void close() {
        try {
            close(Duration.ofSeconds(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
