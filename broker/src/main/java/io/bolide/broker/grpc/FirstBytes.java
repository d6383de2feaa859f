package io.bolide.broker.grpc;

import io.bolide.remoting.TlsMode;
import io.grpc.netty.shaded.io.grpc.netty.GrpcHttp2ConnectionHandler;
import io.grpc.netty.shaded.io.grpc.netty.InternalProtocolNegotiator;
import io.grpc.netty.shaded.io.grpc.netty.InternalProtocolNegotiators;
import io.grpc.netty.shaded.io.grpc.netty.ProtocolNegotiationEvent;
import io.grpc.netty.shaded.io.netty.buffer.ByteBuf;
import io.grpc.netty.shaded.io.netty.channel.ChannelHandler;
import io.grpc.netty.shaded.io.netty.channel.ChannelHandlerContext;
import io.grpc.netty.shaded.io.netty.handler.codec.ByteToMessageDecoder;
import io.grpc.netty.shaded.io.netty.handler.ssl.SslContext;
import io.grpc.netty.shaded.io.netty.handler.ssl.SslHandler;
import io.grpc.netty.shaded.io.netty.util.AsciiString;
import java.util.List;

/**
 * Every connection to the gRPC port starts here: its first five bytes tell a TLS record (types 20
 * to 24) from the HTTP/2 connection preface ("PRI *") and from anything else, and the mode decides
 * what is served: TLS, plaintext, or (permissive, the reference proxy's default) whichever the
 * client speaks, on the one port. A client the port cannot serve (TLS on a plaintext port,
 * plaintext on a TLS port, HTTP/1, garbage) is closed with one log line naming it ({@link
 * Refusals}); a TLS client whose handshake fails gets one too ({@link HandshakeWatch}).
 */
final class FirstBytes implements InternalProtocolNegotiator.ProtocolNegotiator {
    private static final AsciiString HTTPS = AsciiString.of("https");
    private static final AsciiString HTTP = AsciiString.of("http");

    private final TlsMode mode;
    private final InternalProtocolNegotiator.ProtocolNegotiator tls;
    private final InternalProtocolNegotiator.ProtocolNegotiator plaintext =
            InternalProtocolNegotiators.serverPlaintext();
    private final String trustHint;

    /**
     * @param context the TLS context; null only when {@code mode} is disabled
     * @param trustHint what a client that checks certificates must trust, for the log line of a
     *     failed handshake
     */
    FirstBytes(TlsMode mode, SslContext context, String trustHint) {
        this.mode = mode;
        this.tls = context == null ? null : InternalProtocolNegotiators.serverTls(context);
        this.trustHint = trustHint;
    }

    @Override
    public AsciiString scheme() {
        return mode == TlsMode.DISABLED ? HTTP : HTTPS;
    }

    @Override
    public ChannelHandler newHandler(GrpcHttp2ConnectionHandler grpc) {
        return new Sniffer(grpc);
    }

    @Override
    public void close() {
        if (tls != null) {
            tls.close();
        }
        plaintext.close();
    }

    /**
     * Waits for the first five bytes, then puts the TLS or the plaintext negotiation after itself,
     * hands it the negotiation start it kept, and leaves (the bytes read so far go on to it).
     */
    private final class Sniffer extends ByteToMessageDecoder {
        private static final int RECORD_HEADER = 5;
        private final GrpcHttp2ConnectionHandler grpc;
        private ProtocolNegotiationEvent start;

        Sniffer(GrpcHttp2ConnectionHandler grpc) {
            this.grpc = grpc;
        }

        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
            if (event instanceof ProtocolNegotiationEvent negotiation) {
                start = negotiation; // passed on once the protocol is known
            } else {
                super.userEventTriggered(ctx, event);
            }
        }

        @Override
        protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
            if (in.readableBytes() < RECORD_HEADER) {
                return;
            }
            boolean tlsRecord = SslHandler.isEncrypted(in, false);
            if (tlsRecord && tls == null) {
                Refusals.tlsOnPlaintextPort(ctx, in);
            } else if (!tlsRecord && !Refusals.isHttp2Preface(in)) {
                Refusals.notGrpc(ctx, in);
            } else if (!tlsRecord && mode == TlsMode.ENFORCING) {
                Refusals.plaintextOnTlsPort(ctx, in);
            } else {
                proceed(ctx, tlsRecord);
            }
        }

        private void proceed(ChannelHandlerContext ctx, boolean tlsRecord) {
            ChannelHandler next = (tlsRecord ? tls : plaintext).newHandler(grpc);
            ctx.pipeline().addAfter(ctx.name(), null, next);
            if (tlsRecord) {
                ctx.pipeline().addAfter(ctx.name(), null, new HandshakeWatch(trustHint));
            }
            if (start != null) {
                ctx.fireUserEventTriggered(start);
            }
            ctx.pipeline().remove(this);
        }
    }
}
