package io.bolide.remoting;

import io.bolide.protocol.frame.FrameDecoder;
import io.bolide.protocol.frame.RemotingCommand;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandler;
import io.netty.channel.embedded.EmbeddedChannel;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.concurrent.Executor;

/**
 * A {@link RemotingServer}'s connection pipeline (frame splitter, connection handler, dispatcher,
 * the server's handler table) on a Netty {@link EmbeddedChannel}: write request bytes in, read
 * response bytes out, synchronously on the test thread, with no socket and no I/O threads.
 *
 * <p>Handlers registered without an executor run inline, so their response is readable as soon as
 * {@link #writeInbound} returns. An embedded channel is not thread-safe: give a handler that needs
 * an executor a same-thread one ({@code Runnable::run}), or one that rejects (to see SYSTEM_BUSY).
 *
 * <p>Outbound buffers handed out belong to the caller; {@link #close()} releases what is left.
 * Shipped in the remoting test-jar for other modules' handler tests.
 */
public final class EmbeddedServer implements AutoCloseable {
    /** The peer address the channel reports, so log lines name a peer as they would on TCP. */
    public static final InetSocketAddress PEER =
            new InetSocketAddress(InetAddress.getLoopbackAddress(), 50_000);

    private final RemotingServer server;
    private final EmbeddedChannel channel;
    private final int maxFrame;

    /** A server with {@code config}'s frame limit and idle time; no port is bound. */
    public EmbeddedServer(RemotingServerConfig config) {
        this.server = new RemotingServer(config);
        this.maxFrame = config.maxFrame();
        this.channel = new PeerChannel(server.newChannelSetup());
    }

    /** A server with the default configuration. */
    public EmbeddedServer() {
        this(RemotingServerConfig.builder().build());
    }

    /**
     * Serves {@code code} inline, as {@link RemotingServer#registerHandler(int, RequestHandler)}.
     */
    public EmbeddedServer register(int code, RequestHandler handler) {
        server.registerHandler(code, handler);
        return this;
    }

    /** Serves {@code code} on {@code executor}; see the class comment for which executors fit. */
    public EmbeddedServer register(int code, RequestHandler handler, Executor executor) {
        server.registerHandler(code, handler, executor);
        return this;
    }

    /** Feeds {@code bytes} to the pipeline as one read (any split of frames); takes ownership. */
    public void writeInbound(ByteBuf bytes) {
        channel.writeInbound(bytes);
    }

    /** Feeds a copy of {@code bytes} as one read. */
    public void writeInbound(byte[] bytes) {
        writeInbound(Unpooled.copiedBuffer(bytes));
    }

    /** The next buffer the server wrote (one whole frame), or null; the caller releases it. */
    public ByteBuf readOutbound() {
        channel.runPendingTasks();
        return channel.readOutbound();
    }

    /** The next frame the server wrote, as bytes, or null. */
    public byte[] readOutboundBytes() {
        ByteBuf frame = readOutbound();
        if (frame == null) {
            return null;
        }
        try {
            return ByteBufUtil.getBytes(frame);
        } finally {
            frame.release();
        }
    }

    /** The next frame the server wrote, decoded by Bolide's decoder (release it), or null. */
    public RemotingCommand readResponse() {
        ByteBuf frame = readOutbound();
        if (frame == null) {
            return null;
        }
        try {
            return FrameDecoder.decode(frame, maxFrame);
        } catch (RuntimeException e) {
            frame.release();
            throw e;
        }
    }

    /** Writes one request frame and returns the frame written back, or null if none was. */
    public byte[] call(byte[] requestFrame) {
        writeInbound(requestFrame);
        return readOutboundBytes();
    }

    /** Whether the server kept the connection open. */
    public boolean isOpen() {
        channel.runPendingTasks();
        return channel.isOpen();
    }

    /** The peer as the server's log lines name it. */
    public String peer() {
        return PEER.getAddress().getHostAddress() + ":" + PEER.getPort();
    }

    /** The server, for its counters ({@link RemotingServer#requestsInFlight()}, connections). */
    public RemotingServer server() {
        return server;
    }

    /**
     * The channel itself. Its {@code advanceTimeBy} moves scheduled tasks only: Netty 4.1's idle
     * handler reads {@code System.nanoTime()}, so idle closing cannot be faked here.
     */
    public EmbeddedChannel channel() {
        return channel;
    }

    /** Closes the channel and releases whatever was written and not read. */
    @Override
    public void close() {
        channel.finishAndReleaseAll();
    }

    /** An embedded channel that reports a TCP peer, as the connection's log lines expect. */
    private static final class PeerChannel extends EmbeddedChannel {
        PeerChannel(ChannelHandler setup) {
            super(setup);
        }

        @Override
        protected SocketAddress remoteAddress0() {
            return PEER;
        }
    }
}
