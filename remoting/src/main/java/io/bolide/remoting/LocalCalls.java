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
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Requests made inside the server's process on behalf of a peer that is not a remoting client (the
 * gRPC endpoint's sends): each is dispatched exactly as one read from a socket — the gate, the
 * observer, the handler and its executor — and its response, instead of being written to a socket,
 * completes a future. This is how one send path serves both protocols: the gRPC side never reaches
 * into a handler's internals.
 */
public final class LocalCalls {
    private final Dispatcher dispatcher;
    private final AtomicInteger opaques;

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
        PeerChannel channel = new PeerChannel(peer, answer);
        Connection connection = new Connection(channel, opaques, SerializeType.ROCKETMQ);
        int bodyLength = body == null ? 0 : body.readableBytes();
        ByteBuf frame = ByteBufAllocator.DEFAULT.heapBuffer(256 + bodyLength);
        RemotingCommand request;
        try {
            CommandEncoder.encodeWithBody(
                    frame,
                    SerializeType.ROCKETMQ,
                    code,
                    opaques.incrementAndGet(),
                    0,
                    null,
                    header,
                    body);
            request = FrameDecoder.decode(frame, Integer.MAX_VALUE);
        } catch (RuntimeException e) {
            frame.release();
            throw e;
        }
        dispatcher.dispatch(connection, request, gated);
        return answer;
    }

    /**
     * One call's channel: its peer is the real client's address (handlers record it as the born
     * host, the gate logs it), and the one frame written to it is the response. An embedded
     * channel's loop runs everything on the calling thread, so the handler may answer from any
     * thread, as it does on a socket.
     */
    private static final class PeerChannel extends EmbeddedChannel {
        private final InetSocketAddress peer;

        PeerChannel(InetSocketAddress peer, CompletableFuture<RemotingCommand> answer) {
            super(new ResponseCatcher(answer));
            this.peer = peer;
        }

        @Override
        protected SocketAddress remoteAddress0() {
            return peer;
        }
    }

    /** Turns the frame written as the response back into a command for the caller. */
    private static final class ResponseCatcher extends ChannelOutboundHandlerAdapter {
        private final CompletableFuture<RemotingCommand> answer;

        ResponseCatcher(CompletableFuture<RemotingCommand> answer) {
            this.answer = answer;
        }

        @Override
        public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
            if (!(msg instanceof ByteBuf frame)) {
                ReferenceCountUtil.release(msg);
                promise.setSuccess();
                return;
            }
            try {
                answer.complete(FrameDecoder.decode(frame, Integer.MAX_VALUE));
            } catch (RuntimeException e) {
                frame.release();
                answer.completeExceptionally(e);
            }
            promise.setSuccess();
        }
    }
}
