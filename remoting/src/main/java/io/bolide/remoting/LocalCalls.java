package io.bolide.remoting;

import io.bolide.protocol.frame.CommandEncoder;
import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.FrameDecoder;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.frame.SerializeType;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.util.ReferenceCountUtil;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Requests made inside the server's process on behalf of a peer that is not a remoting client (the
 * gRPC endpoint's sends): each is dispatched exactly as one read from a socket — the gate, the
 * observer, the handler and its executor — and its response, instead of being written to a socket,
 * completes a future. This is how one send path serves both protocols: the gRPC side never reaches
 * into a handler's internals.
 */
public final class LocalCalls {
    /**
     * Peers whose channel is kept; beyond it the idle ones are closed and dropped (calls in flight
     * keep their channel). A gRPC client is one peer address for its whole connection.
     */
    static final int MAX_PEERS = 4096;

    private final Dispatcher dispatcher;
    private final AtomicInteger opaques;

    /**
     * One channel and connection per peer, reused by every call from it: building an embedded
     * channel (pipeline, event loop, registration) per call was the gRPC send path's largest own
     * cost (docs/benchmarks.md, the gRPC SDK section). Responses find their call by opaque.
     */
    private final ConcurrentHashMap<InetSocketAddress, PeerChannel> peers =
            new ConcurrentHashMap<>();

    LocalCalls(Dispatcher dispatcher, AtomicInteger opaques) {
        this.dispatcher = dispatcher;
        this.opaques = opaques;
    }

    /**
     * Dispatches one request as if {@code peer} had sent it. The future completes with the response
     * (the caller releases it) or fails if the handler never answers a request it was given.
     *
     * @param body request body, or null; read, not released
     */
    public CompletableFuture<RemotingCommand> call(
            InetSocketAddress peer, int code, CommandHeader header, ByteBuf body) {
        return call(peer, code, header, body, true);
    }

    /**
     * As {@link #call}, for a request whose caller has already authenticated and authorized it in
     * its own protocol (the gRPC endpoint checks the SDK's signature and the same ACLs): the
     * server's request gate is skipped, since it could only see a request nobody signed in the
     * remoting way. Everything else (observer, handler, executor) applies as to any request.
     */
    public CompletableFuture<RemotingCommand> callChecked(
            InetSocketAddress peer, int code, CommandHeader header, ByteBuf body) {
        return call(peer, code, header, body, false);
    }

    private CompletableFuture<RemotingCommand> call(
            InetSocketAddress peer, int code, CommandHeader header, ByteBuf body, boolean gated) {
        CompletableFuture<RemotingCommand> answer = new CompletableFuture<>();
        PeerChannel channel = channel(peer);
        int opaque = opaques.incrementAndGet();
        int bodyLength = body == null ? 0 : body.readableBytes();
        ByteBuf frame = ByteBufAllocator.DEFAULT.heapBuffer(256 + bodyLength);
        RemotingCommand request;
        try {
            CommandEncoder.encodeWithBody(
                    frame, SerializeType.ROCKETMQ, code, opaque, 0, null, header, body);
            request = FrameDecoder.decode(frame, Integer.MAX_VALUE);
        } catch (RuntimeException e) {
            frame.release();
            throw e;
        }
        while (!channel.register(opaque, answer)) {
            channel = channel(peer); // evicted meanwhile: closed, and a fresh one is made
        }
        dispatcher.dispatch(channel.connection, request, gated);
        return answer;
    }

    /** The peer's channel; a new one if it has none or a handler closed it. */
    private PeerChannel channel(InetSocketAddress peer) {
        PeerChannel channel = peers.get(peer);
        if (channel != null && channel.isActive()) {
            return channel;
        }
        if (peers.size() >= MAX_PEERS) {
            evictIdle();
        }
        PeerChannel fresh = new PeerChannel(peer, opaques);
        PeerChannel raced = peers.merge(peer, fresh, (old, mine) -> old.isActive() ? old : mine);
        if (raced != fresh) {
            fresh.close();
        }
        return raced;
    }

    /**
     * Drops and closes every channel with no call in flight (a call in flight keeps its channel:
     * its answer is still to be written there). Closing fires the channel's close listeners, so
     * whatever a handler registered against the connection is let go now, not at collection.
     */
    private void evictIdle() {
        peers.values().removeIf(PeerChannel::closeIfIdle);
    }

    /** Peers with a kept channel (tests). */
    int peers() {
        return peers.size();
    }

    /**
     * One peer's channel: its remote address is the real client's (handlers record it as the born
     * host, the gate logs it), and each frame written to it is the response to one of its calls. An
     * embedded channel's loop runs everything on the calling thread, so handlers may answer from
     * any thread, as they do on a socket; nothing past the catcher (the channel's own outbound
     * buffer, which is not thread-safe) is ever reached.
     */
    private static final class PeerChannel extends EmbeddedChannel {
        private final InetSocketAddress peer;
        final ConcurrentHashMap<Integer, CompletableFuture<RemotingCommand>> calls;
        final Connection connection;

        PeerChannel(InetSocketAddress peer, AtomicInteger opaques) {
            this(peer, new ConcurrentHashMap<>(), opaques);
        }

        private PeerChannel(
                InetSocketAddress peer,
                ConcurrentHashMap<Integer, CompletableFuture<RemotingCommand>> calls,
                AtomicInteger opaques) {
            super(new ResponseCatcher(calls));
            this.peer = peer;
            this.calls = calls;
            this.connection = new Connection(this, opaques, SerializeType.ROCKETMQ);
        }

        /** Keeps {@code answer} for the response to {@code opaque}; false once it is closed. */
        synchronized boolean register(int opaque, CompletableFuture<RemotingCommand> answer) {
            if (!isActive()) {
                return false;
            }
            calls.put(opaque, answer);
            return true;
        }

        /** Closes the channel if no call waits for an answer on it. */
        synchronized boolean closeIfIdle() {
            if (!calls.isEmpty()) {
                return false;
            }
            close();
            return true;
        }

        @Override
        protected SocketAddress remoteAddress0() {
            return peer;
        }
    }

    /** Turns each frame written as a response back into a command for the call it answers. */
    private static final class ResponseCatcher extends ChannelOutboundHandlerAdapter {
        private final ConcurrentHashMap<Integer, CompletableFuture<RemotingCommand>> calls;

        ResponseCatcher(ConcurrentHashMap<Integer, CompletableFuture<RemotingCommand>> calls) {
            this.calls = calls;
        }

        @Override
        public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
            if (!(msg instanceof ByteBuf frame)) {
                ReferenceCountUtil.release(msg);
                promise.setSuccess();
                return;
            }
            RemotingCommand response;
            try {
                response = FrameDecoder.decode(frame, Integer.MAX_VALUE);
            } catch (RuntimeException e) {
                frame.release();
                promise.setFailure(e);
                return;
            }
            CompletableFuture<RemotingCommand> answer = calls.remove(response.opaque());
            if (answer == null) {
                response.release();
            } else {
                answer.complete(response);
            }
            promise.setSuccess();
        }

        @Override
        public void flush(ChannelHandlerContext ctx) {
            // Nothing was passed on to flush; see PeerChannel.
        }
    }
}
