package io.bolide.remoting;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.ssl.OptionalSslHandler;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslHandler;

/**
 * What a connection's pipeline starts with for TLS: nothing, an SSL handler (TLS only), or a
 * detector that looks at the first bytes and adds the SSL handler only if they are a TLS record
 * (both on one port, as the reference's permissive mode). A remoting frame cannot be taken for a
 * TLS record: it starts with its length, and a length whose first byte is a TLS record type (20 to
 * 24) is above 335 MB, more than any accepted frame. Every handshake has a deadline, counted from
 * the moment the SSL handler is added.
 */
@FunctionalInterface
interface TlsLayer {
    /** Plain TCP. */
    TlsLayer NONE = channel -> {};

    /** Adds the TLS handlers, if any, at the head of {@code channel}'s pipeline. */
    void install(Channel channel);

    /** The server side of {@code certificates}' mode, with each connection's context current. */
    static TlsLayer server(ServerCertificates certificates) {
        ServerTlsConfig config = certificates.config();
        long timeout = config.handshakeTimeoutMillis();
        switch (config.mode()) {
            case ENFORCING:
                return channel ->
                        channel.pipeline()
                                .addFirst("tls", handler(certificates.current(), channel, timeout));
            case PERMISSIVE:
                return channel ->
                        channel.pipeline()
                                .addFirst(
                                        "tls-detect",
                                        new Detector(certificates.current(), timeout));
            default:
                return NONE;
        }
    }

    /** The client side: every connection speaks TLS with {@code context}. */
    static TlsLayer client(SslContext context, long handshakeTimeoutMillis) {
        return channel ->
                channel.pipeline()
                        .addFirst("tls", handler(context, channel, handshakeTimeoutMillis));
    }

    private static SslHandler handler(SslContext context, Channel channel, long timeoutMillis) {
        SslHandler handler = context.newHandler(channel.alloc());
        handler.setHandshakeTimeoutMillis(timeoutMillis);
        return handler;
    }

    /** Replaces itself with an SSL handler when the first bytes are a TLS record, else leaves. */
    final class Detector extends OptionalSslHandler {
        private final long timeoutMillis;

        Detector(SslContext context, long timeoutMillis) {
            super(context);
            this.timeoutMillis = timeoutMillis;
        }

        @Override
        protected String newSslHandlerName() {
            return "tls";
        }

        @Override
        protected SslHandler newSslHandler(ChannelHandlerContext ctx, SslContext context) {
            return handler(context, ctx.channel(), timeoutMillis);
        }
    }
}
