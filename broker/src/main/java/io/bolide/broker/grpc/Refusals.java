package io.bolide.broker.grpc;

import io.grpc.netty.shaded.io.netty.buffer.ByteBuf;
import io.grpc.netty.shaded.io.netty.buffer.ByteBufUtil;
import io.grpc.netty.shaded.io.netty.buffer.Unpooled;
import io.grpc.netty.shaded.io.netty.channel.ChannelFutureListener;
import io.grpc.netty.shaded.io.netty.channel.ChannelHandlerContext;
import java.nio.charset.StandardCharsets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The connections the gRPC port cannot serve, each closed with one log line naming the peer and
 * saying what to change: the client, not the broker, is usually the one to fix.
 */
final class Refusals {
    private static final Logger LOG = LoggerFactory.getLogger(Refusals.class);
    private static final byte[] PREFACE = "PRI *".getBytes(StandardCharsets.US_ASCII);
    private static final int SHOWN = 16;
    private static final byte[] HTTP1_ANSWER =
            ("HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain\r\nConnection: close\r\n"
                            + "Content-Length: 52\r\n\r\n"
                            + "This is a gRPC port (HTTP/2); use a gRPC client.\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII);

    private Refusals() {}

    /** Whether {@code in} starts with the HTTP/2 client connection preface ("PRI * HTTP/2.0"). */
    static boolean isHttp2Preface(ByteBuf in) {
        for (int i = 0; i < PREFACE.length; i++) {
            if (in.getByte(in.readerIndex() + i) != PREFACE[i]) {
                return false;
            }
        }
        return true;
    }

    static void tlsOnPlaintextPort(ChannelHandlerContext ctx, ByteBuf in) {
        close(
                ctx,
                in,
                "starts a TLS handshake, but this port serves plaintext only"
                        + " (tls.server.mode=disabled): turn TLS off in the client, or serve it");
    }

    static void plaintextOnTlsPort(ChannelHandlerContext ctx, ByteBuf in) {
        close(
                ctx,
                in,
                "speaks plaintext HTTP/2, but this port serves TLS only"
                        + " (tls.server.mode=enforcing): turn TLS on in the client");
    }

    static void notGrpc(ChannelHandlerContext ctx, ByteBuf in) {
        String start = printable(in);
        if (looksLikeHttp1(start)) {
            LOG.warn(
                    "gRPC port: {} speaks HTTP/1 ('{}'), not gRPC over HTTP/2; answered 400 and"
                            + " closed",
                    ctx.channel().remoteAddress(),
                    start);
            in.skipBytes(in.readableBytes());
            ctx.writeAndFlush(Unpooled.wrappedBuffer(HTTP1_ANSWER))
                    .addListener(ChannelFutureListener.CLOSE);
            return;
        }
        close(
                ctx,
                in,
                "sent neither TLS nor HTTP/2 (first bytes "
                        + ByteBufUtil.hexDump(
                                in, in.readerIndex(), Math.min(SHOWN, in.readableBytes()))
                        + "): not a gRPC client");
    }

    private static void close(ChannelHandlerContext ctx, ByteBuf in, String why) {
        LOG.warn("gRPC port: {} {}; closed", ctx.channel().remoteAddress(), why);
        in.skipBytes(in.readableBytes());
        ctx.close();
    }

    private static boolean looksLikeHttp1(String start) {
        int space = start.indexOf(' ');
        return space > 2 && start.substring(0, space).chars().allMatch(c -> c >= 'A' && c <= 'Z');
    }

    /** The first bytes up to the end of the first line, as text, for the log line. */
    private static String printable(ByteBuf in) {
        StringBuilder text = new StringBuilder(40);
        int end = Math.min(in.readableBytes(), 40);
        for (int i = 0; i < end; i++) {
            char c = (char) (in.getByte(in.readerIndex() + i) & 0xff);
            if (c == '\r' || c == '\n') {
                break;
            }
            text.append(c >= 0x20 && c < 0x7f ? c : '?');
        }
        return text.toString();
    }
}
