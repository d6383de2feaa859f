package io.bolide.broker.grpc;

import io.grpc.netty.shaded.io.netty.channel.ChannelHandlerContext;
import io.grpc.netty.shaded.io.netty.channel.ChannelInboundHandlerAdapter;
import io.grpc.netty.shaded.io.netty.handler.ssl.SslHandler;
import java.net.SocketAddress;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sits before a TLS connection's handler until the client's first bytes pass, and has the handshake
 * logged if it fails: grpc-java closes such a connection without a word at the default log level,
 * and a client that refuses the certificate would otherwise leave no trace on the broker's side.
 */
final class HandshakeWatch extends ChannelInboundHandlerAdapter {
    private static final Logger LOG = LoggerFactory.getLogger(HandshakeWatch.class);

    private final String trustHint;

    HandshakeWatch(String trustHint) {
        this.trustHint = trustHint;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        SslHandler ssl = ctx.pipeline().get(SslHandler.class);
        if (ssl != null) {
            SocketAddress peer = ctx.channel().remoteAddress();
            ssl.handshakeFuture()
                    .addListener(
                            done -> {
                                if (!done.isSuccess()) {
                                    failed(peer, done.cause());
                                }
                            });
        }
        ctx.pipeline().remove(this);
        ctx.fireChannelRead(msg);
    }

    private void failed(SocketAddress peer, Throwable cause) {
        LOG.warn(
                "gRPC port: TLS handshake with {} failed: {} (a client that checks the server"
                        + " certificate must trust {})",
                peer,
                cause == null ? "closed" : cause.getMessage(),
                trustHint);
    }
}
