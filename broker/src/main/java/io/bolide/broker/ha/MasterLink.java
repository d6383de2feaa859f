package io.bolide.broker.ha;

import io.bolide.store.MessageStore;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import java.io.IOException;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A slave's end of its link to the master (one per connection), in either HA protocol ({@link
 * LinkDialect}): opens the link (a report of its log end, or a handshake answered before any
 * transfer), then appends each transfer at exactly that end and reports the new end once per read
 * that appended something (also when the read ends inside the next transfer). Anything that does
 * not fit — a size out of range, an offset other than its end, bytes the store refuses — is one log
 * line and a closed link, with nothing appended; the client reconnects and the master resumes from
 * the reported end.
 */
final class MasterLink extends ByteToMessageDecoder {
    private static final Logger LOG = LoggerFactory.getLogger(MasterLink.class);

    private final MessageStore store;
    private final HaSettings settings;
    private final ClientCounters counters;
    private final LinkDialect dialect;
    private ChannelHandlerContext context;
    private String remote;
    private boolean transferring;
    private long reported = -1;
    private long lastReadNanos;
    private long lastReportNanos;

    /** A classic HA link. */
    MasterLink(MessageStore store, HaSettings settings, ClientCounters counters) {
        this(store, settings, counters, new ClassicDialect());
    }

    MasterLink(
            MessageStore store, HaSettings settings, ClientCounters counters, LinkDialect dialect) {
        this.store = store;
        this.settings = settings;
        this.counters = counters;
        this.dialect = dialect;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        context = ctx;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) throws Exception {
        remote = String.valueOf(ctx.channel().remoteAddress());
        lastReadNanos = System.nanoTime();
        lastReportNanos = lastReadNanos;
        ByteBuf hello = dialect.hello(ctx.alloc());
        if (hello == null) {
            LOG.info(
                    "HA: connected to master {}; reporting offset {}",
                    remote,
                    store.maxPhysicalOffset());
            transferring = true;
            report(ctx, true);
        } else {
            LOG.info("HA: connected to master {}; handshaking", remote);
            ctx.writeAndFlush(hello);
        }
        super.channelActive(ctx);
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        lastReadNanos = System.nanoTime();
        counters.read();
        if (!transferring && !handshake(ctx, in)) {
            return;
        }
        int headerLength = dialect.headerLength();
        while (in.readableBytes() >= headerLength) {
            int at = in.readerIndex();
            long offset = dialect.offset(in, at);
            int size = dialect.size(in, at);
            if (!dialect.isTransfer(in, at) || size < 0 || size > HaFrame.MAX_BODY) {
                refuse(ctx, in, "a transfer of " + size + " bytes at offset " + offset);
                return;
            }
            long end = store.maxPhysicalOffset();
            if (end != 0 && offset != end) {
                refuse(ctx, in, "offset " + offset + " while this slave's log ends at " + end);
                return;
            }
            if (in.readableBytes() < headerLength + size) {
                // The rest of this transfer is still on its way; what this read appended before it
                // is acknowledged now, or SYNC_MASTER sends it covers would wait for that rest.
                break;
            }
            if (size > 0 && !append(ctx, in, offset, size)) {
                return;
            }
            dialect.afterTransfer(in, at);
            in.skipBytes(headerLength + size);
        }
        report(ctx, false);
    }

    /** Reads the master's handshake answer; false while it is not whole (or was refused). */
    private boolean handshake(ChannelHandlerContext ctx, ByteBuf in) {
        try {
            if (!dialect.handshake(in, remote)) {
                return false;
            }
        } catch (LinkDialect.Refusal e) {
            refuse(ctx, in, e.getMessage());
            return false;
        }
        transferring = true;
        report(ctx, true);
        return true;
    }

    private boolean append(ChannelHandlerContext ctx, ByteBuf in, long offset, int size) {
        try {
            dialect.beforeAppend(in, in.readerIndex());
            store.appendReplicated(
                    offset, in.slice(in.readerIndex() + dialect.headerLength(), size));
            counters.received(size);
            return true;
        } catch (IOException | IllegalArgumentException e) {
            refuse(ctx, in, "bytes this slave refuses (" + e.getMessage() + ")");
            return false;
        }
    }

    private void refuse(ChannelHandlerContext ctx, ByteBuf in, String what) {
        LOG.error("HA: master {} sent {}; closing the link", remote, what);
        in.skipBytes(in.readableBytes());
        ctx.close();
    }

    /** Reports the commit-log end when it moved, or when {@code always}. */
    private void report(ChannelHandlerContext ctx, boolean always) {
        long end = store.maxPhysicalOffset();
        if (always || end != reported) {
            reported = end;
            counters.reported(end);
            lastReportNanos = System.nanoTime();
            ctx.writeAndFlush(dialect.report(ctx.alloc(), end));
        }
    }

    /** Heartbeat report when none went out for a while; close a master silent for too long. */
    void tick(long now) {
        ChannelHandlerContext ctx = context;
        if (ctx == null || !ctx.channel().isActive()) {
            return;
        }
        if (now - lastReadNanos > settings.housekeepingNanos()) {
            LOG.warn(
                    "HA: master {} silent for more than {} ms; closing the link",
                    remote,
                    settings.housekeepingMs());
            ctx.close();
            return;
        }
        if (transferring && now - lastReportNanos > settings.heartbeatNanos()) {
            report(ctx, true);
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        LOG.warn("HA: link to master {} failed; closing it: {}", remote, cause.toString());
        ctx.close();
    }
}
