package io.bolide.remoting;

import io.bolide.protocol.frame.RemotingCommand;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.ssl.NotSslRecordException;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;
import io.netty.handler.timeout.IdleStateEvent;
import java.io.IOException;
import javax.net.ssl.SSLException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The end of every connection's pipeline: requests go to the dispatcher, responses to the call
 * awaiting them. It also applies back-pressure (on a server, a connection whose outbound buffer is
 * over its high water mark is not read until it drains), closes idle connections, and closes a
 * connection that sent a malformed frame with one log line naming the peer. Failed TLS handshakes
 * and plain-text peers of a TLS-only listener are logged at most once per interval: a scanner
 * trying thousands of times must not flood the log.
 */
final class ConnectionHandler extends ChannelInboundHandlerAdapter {
    private static final Logger LOG = LoggerFactory.getLogger(ConnectionHandler.class);
    private static final RateLimitedLog PLAIN_REFUSED = new RateLimitedLog(LOG);
    private static final RateLimitedLog HANDSHAKE_FAILED = new RateLimitedLog(LOG);

    private final Connection connection;
    private final Dispatcher dispatcher;
    private final boolean pauseReads;

    /**
     * @param pauseReads whether to stop reading while the outbound buffer is full: right for a
     *     server, whose reads bring requests that make more output; wrong for a client, whose reads
     *     bring the responses its full buffer is waiting for (pausing them could deadlock both
     *     ends)
     */
    ConnectionHandler(Connection connection, Dispatcher dispatcher, boolean pauseReads) {
        this.connection = connection;
        this.dispatcher = dispatcher;
        this.pauseReads = pauseReads;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        RemotingCommand command = (RemotingCommand) msg;
        if (command.isResponse()) {
            connection.complete(command);
        } else {
            dispatcher.dispatch(connection, command);
        }
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        boolean writable = ctx.channel().isWritable();
        LOG.debug("{} writable: {}", connection, writable);
        if (pauseReads) {
            if (writable) {
                connection.readGate().resume(ReadGate.WRITE_BACKLOG);
            } else {
                connection.readGate().pause(ReadGate.WRITE_BACKLOG);
            }
        }
        ctx.fireChannelWritabilityChanged();
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt instanceof IdleStateEvent) {
            LOG.debug("closing idle {}", connection);
            ctx.close();
        } else if (evt instanceof SslHandshakeCompletionEvent
                && !((SslHandshakeCompletionEvent) evt).isSuccess()) {
            if (connection.markBroken()) {
                logTlsFailure(((SslHandshakeCompletionEvent) evt).cause(), ctx);
            }
            ctx.close();
        } else {
            ctx.fireUserEventTriggered(evt);
        }
    }

    private void logTlsFailure(Throwable cause, ChannelHandlerContext ctx) {
        if (!ctx.channel().isActive()) {
            // The peer left before the handshake ended: a port probe, or a client giving up.
            LOG.debug("{} closed during the TLS handshake: {}", connection, cause.toString());
        } else if (cause instanceof NotSslRecordException) {
            PLAIN_REFUSED.warn(
                    "closing a plain-text connection: this port speaks TLS only", connection);
        } else {
            Throwable root = cause;
            while (root.getCause() != null && root.getCause() != root) {
                root = root.getCause();
            }
            HANDSHAKE_FAILED.warn(
                    "closing a connection: TLS failed: "
                            + cause
                            + (root == cause ? "" : " (" + root + ")"),
                    connection);
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        connection.failAll();
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (connection.markBroken()) {
            Throwable tls = cause instanceof DecoderException ? cause.getCause() : cause;
            if (tls instanceof SSLException) {
                logTlsFailure(tls, ctx);
            } else if (cause instanceof DecoderException) {
                Throwable reason = cause.getCause() == null ? cause : cause.getCause();
                LOG.warn("closing {}: malformed frame: {}", connection, reason.getMessage());
            } else if (cause instanceof IOException) {
                LOG.debug("closing {}: {}", connection, cause.toString());
            } else {
                LOG.warn("closing {}", connection, cause);
            }
        }
        ctx.close();
    }
}
