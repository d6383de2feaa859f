package io.bolide.broker.ha;

import io.bolide.store.EpochEntry;
import io.bolide.store.EpochFile;
import io.bolide.store.EpochHistory;
import io.bolide.store.MessageStore;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A controller-mode master's end of one slave's link ({@link EpochFrame}): answers the slave's
 * handshake with this broker's terms, then streams the commit log from the slave's first report,
 * each transfer inside one term and stamped with it, so the slave records the terms it copies.
 */
final class EpochSlaveLink extends ByteToMessageDecoder implements FollowerLink {
    private static final Logger LOG = LoggerFactory.getLogger(EpochSlaveLink.class);

    private final MessageStore store;
    private final HaSettings settings;
    private final EpochFile epochs;
    private final Runnable onAck;
    private final LongSupplier confirm;
    private final InSyncSet inSync;
    private final AtomicBoolean wakePending = new AtomicBoolean();
    private final Runnable pump = this::pump;
    private Channel channel;
    private String remote;
    private boolean shook;
    private boolean fromLastFile;
    private volatile long acked = -1;
    private volatile long brokerId = -1;
    private long endAtLastReport = -1;
    private volatile long nextTransfer = -1;
    private final ByteRate sent = new ByteRate();
    private long lastReadNanos;
    private long lastWriteNanos;

    EpochSlaveLink(
            MessageStore store,
            HaSettings settings,
            EpochFile epochs,
            Runnable onAck,
            LongSupplier confirm,
            InSyncSet inSync) {
        this.store = store;
        this.settings = settings;
        this.epochs = epochs;
        this.onAck = onAck;
        this.confirm = confirm;
        this.inSync = inSync;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) throws Exception {
        channel = ctx.channel();
        remote = String.valueOf(channel.remoteAddress());
        lastReadNanos = System.nanoTime();
        lastWriteNanos = lastReadNanos;
        LOG.info("HA: slave {} connected (epoch link)", remote);
        super.channelActive(ctx);
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        lastReadNanos = System.nanoTime();
        long last = -1;
        while (in.readableBytes() >= 4) {
            int state = in.getInt(in.readerIndex());
            int length =
                    state == EpochFrame.HANDSHAKE
                            ? EpochFrame.SLAVE_HANDSHAKE_LENGTH
                            : EpochFrame.REPORT_LENGTH;
            if (state != EpochFrame.HANDSHAKE && state != EpochFrame.TRANSFER) {
                LOG.error("HA: slave {} sent link state {}; closing its link", remote, state);
                in.skipBytes(in.readableBytes());
                ctx.close();
                return;
            }
            if (in.readableBytes() < length) {
                break;
            }
            if (state == EpochFrame.HANDSHAKE) {
                brokerId = in.getLong(in.readerIndex() + 8);
                handshake(ctx, in.getShort(in.readerIndex() + 4) != 0);
            } else {
                last = in.getLong(in.readerIndex() + 4);
            }
            in.skipBytes(length);
        }
        if (last >= 0 && shook) {
            report(last);
        }
    }

    private void handshake(ChannelHandlerContext ctx, boolean lastFile) {
        shook = true;
        fromLastFile = lastFile;
        List<EpochEntry> terms = epochs.entries();
        LOG.info("HA: slave {} handshake; sending {} terms", remote, terms.size());
        ctx.writeAndFlush(
                EpochFrame.masterHandshake(ctx.alloc(), store.maxPhysicalOffset(), terms));
        lastWriteNanos = System.nanoTime();
    }

    private void report(long offset) {
        acked = offset;
        // Caught up: it holds what this master held when it last reported.
        if (inSync != null && endAtLastReport >= 0 && offset >= endAtLastReport) {
            inSync.caughtUp(brokerId);
        }
        endAtLastReport = store.maxPhysicalOffset();
        if (nextTransfer < 0) {
            long end = store.maxPhysicalOffset();
            nextTransfer =
                    offset > 0
                            ? offset
                            : fromLastFile
                                    ? end - end % store.segmentSize()
                                    : store.minPhysicalOffset();
            LOG.info(
                    "HA: slave {} asks from {}; transferring from {}",
                    remote,
                    offset,
                    nextTransfer);
        }
        onAck.run();
        pump();
    }

    @Override
    public void wake() {
        Channel ch = channel;
        if (ch != null && wakePending.compareAndSet(false, true)) {
            ch.eventLoop().execute(pump);
        }
    }

    private void pump() {
        wakePending.set(false);
        if (nextTransfer < 0 || !channel.isActive()) {
            return;
        }
        boolean wrote = false;
        List<EpochEntry> terms = epochs.entries();
        while (channel.isWritable()) {
            int term = termOf(terms, nextTransfer);
            long until = EpochHistory.end(terms, term, Long.MAX_VALUE);
            int max = (int) Math.min(settings.batchSize(), until - nextTransfer);
            ByteBuf slice = max <= 0 ? null : store.transferSlice(nextTransfer, max);
            if (slice == null) {
                break;
            }
            int length = slice.readableBytes();
            channel.write(header(terms, term, length));
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

    private ByteBuf header(List<EpochEntry> terms, int term, int length) {
        EpochEntry entry = term < 0 ? new EpochEntry(0, 0) : terms.get(term);
        return EpochFrame.transferHeader(
                channel.alloc(), nextTransfer, length, entry, confirm.getAsLong());
    }

    /** The term holding {@code offset}: the last one starting at or before it (0 if none does). */
    static int termOf(List<EpochEntry> terms, long offset) {
        for (int i = terms.size() - 1; i >= 0; i--) {
            if (terms.get(i).startOffset() <= offset) {
                return i;
            }
        }
        return terms.isEmpty() ? -1 : 0;
    }

    @Override
    public void tick(long now) {
        if (now - lastReadNanos > settings.housekeepingNanos()) {
            LOG.warn("HA: slave {} silent too long; closing its link", remote);
            channel.close();
            return;
        }
        sent.roll(now);
        pump();
        if (nextTransfer >= 0 && now - lastWriteNanos > settings.heartbeatNanos()) {
            List<EpochEntry> terms = epochs.entries();
            channel.writeAndFlush(header(terms, termOf(terms, nextTransfer), 0));
            lastWriteNanos = now;
        }
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) throws Exception {
        if (channel.isWritable()) {
            pump();
        }
        super.channelWritabilityChanged(ctx);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        LOG.warn("HA: link to slave {} failed; closing it: {}", remote, cause.toString());
        ctx.close();
    }

    @Override
    public long brokerId() {
        return brokerId;
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
