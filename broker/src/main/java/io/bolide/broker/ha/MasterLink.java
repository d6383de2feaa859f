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
 * A slave's end of its link to the master (one per connection): reports its commit-log end at
 * connect, then appends each transfer at exactly that end and reports the new end once per read
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
    private ChannelHandlerContext context;
    private String remote;
    private long reported = -1;
    private long lastReadNanos;
    private long lastReportNanos;

    MasterLink(MessageStore store, HaSettings settings, ClientCounters counters) {
        this.store = store;
        this.settings = settings;
        this.counters = counters;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        context = ctx;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) throws Exception {
        remote = String.valueOf(ctx.channel().remoteAddress());
        lastReadNanos = System.nanoTime();
        LOG.info(
                "HA: connected to master {}; reporting offset {}",
                remote,
                store.maxPhysicalOffset());
        report(ctx, true);
        super.channelActive(ctx);
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        lastReadNanos = System.nanoTime();
        while (in.readableBytes() >= HaFrame.HEADER_LENGTH) {
            int at = in.readerIndex();
            long offset = in.getLong(at + HaFrame.OFFSET_OFFSET);
            int size = in.getInt(at + HaFrame.SIZE_OFFSET);
            if (size < 0 || size > HaFrame.MAX_BODY) {
                refuse(ctx, in, "a transfer of " + size + " bytes at offset " + offset);
                return;
            }
            long end = store.maxPhysicalOffset();
            if (end != 0 && offset != end) {
                refuse(
                        ctx,
                        in,
                        "offset " + offset + " while this slave's commit log ends at " + end);
                return;
            }
            if (in.readableBytes() < HaFrame.HEADER_LENGTH + size) {
                // The rest of this transfer is still on its way; what this read appended before it
                // is acknowledged now, or SYNC_MASTER sends it covers would wait for that rest.
                break;
            }
            if (size > 0 && !append(ctx, in, offset, size)) {
                return;
            }
            in.skipBytes(HaFrame.HEADER_LENGTH + size);
        }
        report(ctx, false);
    }

    private boolean append(ChannelHandlerContext ctx, ByteBuf in, long offset, int size) {
        try {
            store.appendReplicated(
                    offset, in.slice(in.readerIndex() + HaFrame.HEADER_LENGTH, size));
            counters.received(size);
            return true;
        } catch (IOException e) {
            refuse(ctx, in, "bytes the store refuses (" + e.getMessage() + ")");
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
            ctx.writeAndFlush(HaFrame.report(ctx.alloc(), end));
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
        if (now - lastReportNanos > settings.heartbeatNanos()) {
            report(ctx, true);
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        LOG.warn("HA: link to master {} failed; closing it: {}", remote, cause.toString());
        ctx.close();
    }
}
