package io.bolide.remoting;

import io.bolide.protocol.frame.CommandEncoder;
import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.FrameDescriptor;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.frame.SerializeType;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.util.AttributeKey;
import java.net.InetSocketAddress;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.concurrent.atomic.AtomicLongFieldUpdater;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One TCP connection and what is known about it: the peer's address (computed once), and the
 * requests this side sent on it that still await a response, keyed by opaque. Either side of a
 * connection may send requests, so a server uses the same object to call a client back.
 */
public final class Connection {
    private static final Logger LOG = LoggerFactory.getLogger(Connection.class);
    private static final AttributeKey<Connection> KEY = AttributeKey.valueOf("bolide.connection");

    /** On a server channel: the name of the listener it is bound for (none: the one port). */
    static final AttributeKey<String> LISTENER = AttributeKey.valueOf("bolide.listener");

    private static final AtomicIntegerFieldUpdater<Connection> REQUESTS =
            AtomicIntegerFieldUpdater.newUpdater(Connection.class, "requests");
    private static final AtomicLongFieldUpdater<Connection> FRAME_STARTED =
            AtomicLongFieldUpdater.newUpdater(Connection.class, "frameStartedNanos");

    /** Bodies up to this size are copied behind the header: one buffer, one write. */
    private static final int INLINE_BODY_LIMIT = 8 * 1024;

    private static final int HEADER_ESTIMATE = 256;

    private final Channel channel;
    private volatile String remoteAddress;
    private final AtomicInteger opaques;
    private final SerializeType requestType;
    private final ConcurrentHashMap<Integer, PendingCall> pending = new ConcurrentHashMap<>();
    private volatile boolean broken;
    private final ReadGate readGate;
    private final int maxRequests;
    private volatile int requests;
    private volatile long frameStartedNanos;

    Connection(Channel channel, AtomicInteger opaques, SerializeType type) {
        this(channel, opaques, type, () -> false, 0);
    }

    /**
     * @param closing whether the owner is shutting down (paused reads then stay paused)
     * @param maxRequests requests in flight above which the connection is not read; 0 = no limit
     */
    Connection(
            Channel channel,
            AtomicInteger opaques,
            SerializeType type,
            BooleanSupplier closing,
            int maxRequests) {
        this.channel = channel;
        this.opaques = opaques;
        this.requestType = type;
        this.readGate = new ReadGate(channel, closing);
        this.maxRequests = maxRequests;
        channel.attr(KEY).set(this);
    }

    /** The connection kept on {@code channel}, or null for a channel Bolide did not set up. */
    public static Connection of(Channel channel) {
        return channel.attr(KEY).get();
    }

    /** The peer as {@code host:port}; computed once, when first asked after connecting. */
    public String remoteAddress() {
        String address = remoteAddress;
        if (address == null) {
            InetSocketAddress remote = (InetSocketAddress) channel.remoteAddress();
            if (remote == null) {
                return "unconnected";
            }
            String host =
                    remote.getAddress() == null
                            ? remote.getHostString()
                            : remote.getAddress().getHostAddress();
            address = host + ":" + remote.getPort();
            remoteAddress = address;
        }
        return address;
    }

    /**
     * The name of the server listener this connection came in through, or the empty text when the
     * server has a single unnamed port (or this side opened the connection).
     */
    public String listener() {
        Channel server = channel.parent();
        String name = server == null ? null : server.attr(LISTENER).get();
        return name == null ? "" : name;
    }

    /** The underlying channel. */
    public Channel channel() {
        return channel;
    }

    /** Whether the connection is open. */
    public boolean isActive() {
        return channel.isActive();
    }

    /**
     * Sends a request to the peer. The future completes with the response, which the caller must
     * {@link RemotingCommand#release() release}, or fails with a {@link RemotingException}.
     * Callbacks run on the connection's I/O thread unless an {@code *Async} stage is used.
     *
     * @param body request body, or null; always released by the transport
     */
    public CompletableFuture<RemotingCommand> invoke(
            int code, CommandHeader header, ByteBuf body, long timeoutMillis) {
        return invoke(requestType, code, header, body, timeoutMillis, null);
    }

    /**
     * Sends a request for which the peer sends no response.
     *
     * @param body request body, or null; always released by the transport
     * @return completes when the request is written
     */
    public ChannelFuture invokeOneway(int code, CommandHeader header, ByteBuf body) {
        return write(requestType, code, 0, FrameDescriptor.FLAG_ONEWAY, null, header, body);
    }

    /**
     * Runs {@code action} once, on the connection's I/O thread, when the connection has closed (at
     * once when it already has): how a server learns that a peer went away without waiting for it
     * to fall silent.
     */
    public void onClose(Runnable action) {
        channel.closeFuture().addListener(f -> action.run());
    }

    /** Closes the connection; pending calls fail. */
    public ChannelFuture close() {
        return channel.close();
    }

    PendingCall invoke(
            SerializeType type,
            int code,
            CommandHeader header,
            ByteBuf body,
            long timeoutMillis,
            Semaphore permit) {
        int opaque = opaques.incrementAndGet();
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        PendingCall call = new PendingCall(this, opaque, deadline, permit);
        pending.put(opaque, call);
        try {
            write(type, code, opaque, 0, null, header, body).addListener(call);
        } catch (RuntimeException e) {
            fail(call, new RemotingSendException("cannot encode request " + code, e));
        }
        return call;
    }

    /**
     * Encodes one command and writes it (see {@link #encode}): the parts leave in one write, so
     * commands written from several threads never interleave.
     */
    ChannelFuture write(
            SerializeType type,
            int code,
            int opaque,
            int flag,
            String remark,
            CommandHeader header,
            ByteBuf body) {
        return channel.writeAndFlush(encode(type, code, opaque, flag, remark, header, body));
    }

    /**
     * Sends a response: at once, or, while a {@link ResponseBatch} is open on this thread, with the
     * other answers that batch holds for this connection (one task, one flush).
     */
    void respond(
            SerializeType type,
            int code,
            int opaque,
            String remark,
            CommandHeader header,
            ByteBuf body) {
        ResponseBatch batch = ResponseBatch.current();
        if (batch == null) {
            write(type, code, opaque, FrameDescriptor.FLAG_RESPONSE, remark, header, body);
        } else {
            batch.add(
                    channel,
                    encode(
                            type,
                            code,
                            opaque,
                            FrameDescriptor.FLAG_RESPONSE,
                            remark,
                            header,
                            body));
        }
    }

    /**
     * Encodes one command into a pooled direct buffer. Small bodies are copied behind the header;
     * large ones go out as a second component without a copy. {@code body} is released either way.
     */
    private ByteBuf encode(
            SerializeType type,
            int code,
            int opaque,
            int flag,
            String remark,
            CommandHeader header,
            ByteBuf body) {
        int bodyLength = body == null ? 0 : body.readableBytes();
        boolean inline = bodyLength <= INLINE_BODY_LIMIT;
        ByteBuf out = channel.alloc().ioBuffer(HEADER_ESTIMATE + (inline ? bodyLength : 0));
        try {
            CommandEncoder.encode(out, type, code, opaque, flag, remark, header, bodyLength);
        } catch (RuntimeException e) {
            out.release();
            if (body != null) {
                body.release();
            }
            throw e;
        }
        if (body == null) {
            return out;
        }
        if (inline) {
            out.writeBytes(body, body.readerIndex(), bodyLength);
            body.release();
            return out;
        }
        CompositeByteBuf frame = channel.alloc().compositeDirectBuffer(2);
        frame.addComponents(true, out, body);
        return frame;
    }

    /** Hands a response to the call awaiting it; a response nobody awaits is dropped. */
    void complete(RemotingCommand response) {
        PendingCall call = pending.remove(response.opaque());
        if (call == null) {
            LOG.debug("dropping response {} from {}: no call awaits it", response, remoteAddress());
            response.release();
            return;
        }
        call.releasePermit();
        if (!call.complete(response)) {
            response.release(); // the caller cancelled its future
        }
    }

    /** Settles {@code call} with {@code cause} unless something else settled it first. */
    boolean fail(PendingCall call, Throwable cause) {
        if (!pending.remove(call.opaque(), call)) {
            return false;
        }
        call.releasePermit();
        call.completeExceptionally(cause);
        return true;
    }

    /** Fails every call whose deadline has passed; run by the owner's periodic scan. */
    void expire(long nowNanos) {
        for (PendingCall call : pending.values()) {
            if (call.expiredAt(nowNanos)) {
                fail(
                        call,
                        new RemotingTimeoutException(
                                "no response from " + remoteAddress() + " in time"));
            }
        }
    }

    /** Fails every pending call: the connection has closed. */
    void failAll() {
        for (PendingCall call : pending.values()) {
            fail(
                    call,
                    new RemotingConnectException("connection to " + remoteAddress() + " closed"));
        }
    }

    /** Marks the connection broken; true only the first time, so a failure logs once. */
    boolean markBroken() {
        if (broken) {
            return false;
        }
        broken = true;
        return true;
    }

    /** Waits until the calls pending now have settled, or the deadline passes. */
    void awaitDrained(long deadlineNanos) throws InterruptedException {
        CompletableFuture<?>[] calls = pending.values().toArray(new CompletableFuture<?>[0]);
        try {
            CompletableFuture.allOf(calls)
                    .get(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (ExecutionException | TimeoutException e) {
            // failed calls are their callers' to see; running out of time is the closer's
        }
    }

    int pendingCount() {
        return pending.size();
    }

    /** The reasons this connection is or is not read. */
    ReadGate readGate() {
        return readGate;
    }

    /**
     * A request from the peer was dispatched: at the limit, the connection stops being read. Only
     * transitions cost more than the count: the pause at exactly the limit, the resume at half.
     */
    void requestStarted() {
        if (maxRequests > 0 && REQUESTS.incrementAndGet(this) == maxRequests) {
            readGate.pause(ReadGate.REQUESTS);
        }
    }

    /** A request from the peer was answered (or, oneway, finished). */
    void requestEnded() {
        if (maxRequests > 0 && REQUESTS.decrementAndGet(this) == maxRequests / 2) {
            readGate.resume(ReadGate.REQUESTS);
        }
    }

    /** Requests from the peer dispatched and not yet answered (counted only under a limit). */
    int requestsInFlight() {
        return requests;
    }

    /** Part of a frame has arrived and the rest is awaited: the frame deadline starts now. */
    void partialFrame() {
        if (frameStartedNanos == 0) {
            frameStartedNanos = System.nanoTime() | 1; // never 0, which means "no frame started"
        }
    }

    /** No part of a frame is awaited any more. */
    void frameDone() {
        if (frameStartedNanos != 0) {
            frameStartedNanos = 0;
        }
    }

    /** Whether part of a frame is waiting for the rest. */
    boolean hasPartialFrame() {
        return frameStartedNanos != 0;
    }

    /**
     * Whether a frame started more than {@code timeoutNanos} before {@code nowNanos}. While the
     * connection is not read (this side paused it) the rest of a frame may be waiting in the socket
     * through no fault of the peer: the deadline then starts again, so after the pause the peer has
     * the whole of it.
     */
    boolean frameOverdue(long nowNanos, long timeoutNanos) {
        long started = frameStartedNanos;
        if (started == 0) {
            return false;
        }
        if (readGate.paused() || !channel.config().isAutoRead()) {
            // only if the frame is still the one seen: the I/O thread may have finished it since
            FRAME_STARTED.compareAndSet(this, started, nowNanos | 1);
            return false;
        }
        return nowNanos - started > timeoutNanos;
    }

    @Override
    public String toString() {
        return "Connection[" + remoteAddress() + "]";
    }
}
