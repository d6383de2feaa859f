package io.bolide.broker.ha;

import io.bolide.store.MessageStore;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The master's end of one slave's link (one per connection, on the HA event loop): reads the
 * slave's offset reports, and streams the commit log from where it asked as retained slices of the
 * mapped segments — the stored bytes go to the socket with no heap copy — in batches of at most
 * {@code haTransferBatchSize} that never cross a segment's end, and heartbeats when idle.
 */
final class SlaveLink extends ChannelInboundHandlerAdapter implements FollowerLink {
    private static final Logger LOG = LoggerFactory.getLogger(SlaveLink.class);

    private final MessageStore store;
    private final HaSettings settings;
    private final SyncWaiters waiters;
    private final AtomicBoolean wakePending = new AtomicBoolean();
    private final Runnable pump = this::pump;
    private Channel channel;
    private String remote;
    private long partial;
    private int partialBytes;
    private volatile long acked = -1;
    private volatile long nextTransfer = -1;
    private final ByteRate sent = new ByteRate();
    private long lastReadNanos;
    private long lastWriteNanos;

    SlaveLink(MessageStore store, HaSettings settings, SyncWaiters waiters) {
        this.store = store;
        this.settings = settings;
        this.waiters = waiters;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        channel = ctx.channel();
        remote = String.valueOf(channel.remoteAddress());
        lastReadNanos = System.nanoTime();
        lastWriteNanos = lastReadNanos;
        LOG.info("HA: slave {} connected", remote);
        ctx.fireChannelActive();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        LOG.info("HA: slave {} disconnected (acknowledged {})", remote, acked);
        ctx.fireChannelInactive();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        ByteBuf in = (ByteBuf) msg;
        try {
            lastReadNanos = System.nanoTime();
            long last = 0;
            boolean whole = false;
            while (in.isReadable()) {
                partial = (partial << 8) | (in.readByte() & 0xFF);
                if (++partialBytes == HaFrame.REPORT_LENGTH) {
                    last = partial;
                    whole = true;
                    partial = 0;
                    partialBytes = 0;
                }
            }
            if (whole) {
                report(last);
            }
        } finally {
            in.release();
        }
    }

    /** The latest complete report of a read counts, as the reference takes the last one. */
    private void report(long offset) {
        if (offset < 0) {
            LOG.warn(
                    "HA: slave {} reported a negative offset {}; closing its link", remote, offset);
            channel.close();
            return;
        }
        acked = offset;
        if (nextTransfer < 0) {
            long end = store.maxPhysicalOffset();
            nextTransfer = offset == 0 ? end - end % store.segmentSize() : offset;
            LOG.info(
                    "HA: slave {} asks from offset {}; transferring from {}",
                    remote,
                    offset,
                    nextTransfer);
        }
        waiters.acked(offset);
        pump();
    }

    /** Asks the event loop to ship what was appended (coalesced: one task until it runs). */
    @Override
    public void wake() {
        Channel ch = channel;
        if (ch != null && wakePending.compareAndSet(false, true)) {
            ch.eventLoop().execute(pump);
        }
    }

    /** Ships what the slave does not have yet, while the socket takes it. */
    void pump() {
        wakePending.set(false);
        if (nextTransfer < 0 || !channel.isActive()) {
            return;
        }
        boolean wrote = false;
        while (channel.isWritable()) {
            ByteBuf slice = store.transferSlice(nextTransfer, settings.batchSize());
            if (slice == null) {
                break;
            }
            int length = slice.readableBytes();
            channel.write(HaFrame.header(channel.alloc(), nextTransfer, length));
            channel.write(slice, channel.voidPromise());
            nextTransfer += length;
            sent.add(length, System.nanoTime());
            wrote = true;
        }
        if (wrote) {
            channel.flush();
            lastWriteNanos = System.nanoTime();
        }
    }

    /** The periodic duties: ship, heartbeat when idle, close a link silent for too long. */
    @Override
    public void tick(long now) {
        if (now - lastReadNanos > settings.housekeepingNanos()) {
            LOG.warn(
                    "HA: slave {} silent for more than {} ms; closing its link",
                    remote,
                    settings.housekeepingMs());
            channel.close();
            return;
        }
        sent.roll(now);
        pump();
        if (nextTransfer >= 0 && now - lastWriteNanos > settings.heartbeatNanos()) {
            channel.writeAndFlush(HaFrame.header(channel.alloc(), nextTransfer, 0));
            lastWriteNanos = now;
        }
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        if (channel.isWritable()) {
            pump();
        }
        ctx.fireChannelWritabilityChanged();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        LOG.warn("HA: link to slave {} failed; closing it: {}", remote, cause.toString());
        ctx.close();
    }

    @Override
    public long transferFrom() {
        return nextTransfer;
    }

    @Override
    public long bytesLastSecond() {
        return sent.lastSecond();
    }

    @Override
    public long acked() {
        return acked;
    }

    @Override
    public ReplicationState.Slave state(long end) {
        long ack = acked;
        return new ReplicationState.Slave(remote, ack, ack < 0 ? end : Math.max(0, end - ack));
    }
}
