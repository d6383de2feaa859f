package io.bolide.broker.grpc;

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
 * The permissive mode of the gRPC port: a connection whose first bytes are a TLS record is served
 * over TLS, any other in plaintext, on the same port (the reference proxy does the same). An HTTP/2
 * connection preface starts with "PRI", never with a TLS record type (20 to 24).
 */
final class PermissiveTls implements InternalProtocolNegotiator.ProtocolNegotiator {
    private static final AsciiString SCHEME = AsciiString.of("https");

    private final InternalProtocolNegotiator.ProtocolNegotiator tls;
    private final InternalProtocolNegotiator.ProtocolNegotiator plaintext =
            InternalProtocolNegotiators.serverPlaintext();

    PermissiveTls(SslContext context) {
        this.tls = InternalProtocolNegotiators.serverTls(context);
    }

    @Override
    public AsciiString scheme() {
        return SCHEME;
    }

    @Override
    public ChannelHandler newHandler(GrpcHttp2ConnectionHandler grpc) {
        return new Sniffer(grpc);
    }

    @Override
    public void close() {
        tls.close();
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
            ChannelHandler next =
                    (SslHandler.isEncrypted(in, false) ? tls : plaintext).newHandler(grpc);
            ctx.pipeline().addAfter(ctx.name(), null, next);
            if (start != null) {
                ctx.fireUserEventTriggered(start);
            }
            ctx.pipeline().remove(this);
        }
    }
}
