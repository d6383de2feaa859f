package io.bolide.broker.ha;

import io.bolide.store.EpochEntry;
import io.bolide.store.EpochFile;
import io.bolide.store.EpochHistory;
import io.bolide.store.MessageStore;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import java.io.IOException;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A controller-mode slave's end of its link ({@link EpochFrame}): handshakes, cuts its log back to
 * the last term it shares with the master (the reference's consistent point), then appends each
 * transfer at exactly its end, recording every new term the transfers carry in its epoch file.
 * Anything that does not fit is one log line and a closed link; the client reconnects and
 * handshakes again.
 */
final class EpochMasterLink extends ByteToMessageDecoder implements ClientLink {
    private static final Logger LOG = LoggerFactory.getLogger(EpochMasterLink.class);

    private final MessageStore store;
    private final HaSettings settings;
    private final ClientCounters counters;
    private final EpochFile epochs;
    private final long brokerId;
    private ChannelHandlerContext context;
    private String remote;
    private boolean transferring;
    private long reported = -1;
    private long lastReadNanos;
    private long lastReportNanos;

    EpochMasterLink(
            MessageStore store,
            HaSettings settings,
            ClientCounters counters,
            EpochFile epochs,
            long brokerId) {
        this.store = store;
        this.settings = settings;
        this.counters = counters;
        this.epochs = epochs;
        this.brokerId = brokerId;
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
        LOG.info("HA: connected to master {} (epoch link); handshaking", remote);
        ctx.writeAndFlush(EpochFrame.slaveHandshake(ctx.alloc(), false, brokerId));
        super.channelActive(ctx);
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        lastReadNanos = System.nanoTime();
        if (!transferring && !handshake(ctx, in)) {
            return;
        }
        while (in.readableBytes() >= EpochFrame.TRANSFER_HEADER_LENGTH) {
            int at = in.readerIndex();
            int size = in.getInt(at + 4);
            long offset = in.getLong(at + 8);
            if (in.getInt(at) != EpochFrame.TRANSFER || size < 0 || size > HaFrame.MAX_BODY) {
                refuse(ctx, in, "a transfer of " + size + " bytes at offset " + offset);
                return;
            }
            long end = store.maxPhysicalOffset();
            if (end != 0 && offset != end) {
                refuse(ctx, in, "offset " + offset + " while this slave's log ends at " + end);
                return;
            }
            if (in.readableBytes() < EpochFrame.TRANSFER_HEADER_LENGTH + size) {
                break;
            }
            EpochEntry term = new EpochEntry(in.getInt(at + 16), in.getLong(at + 20));
            if (size > 0 && !append(ctx, in, offset, size, term)) {
                return;
            }
            // The master's confirm offset: records below it are in every in-sync replica.
            store.readLimit().follow(in.getLong(at + EpochFrame.CONFIRM_AT));
            in.skipBytes(EpochFrame.TRANSFER_HEADER_LENGTH + size);
        }
        report(ctx, false);
    }

    /** Reads the master's handshake answer once it is whole; false while it is not (or failed). */
    private boolean handshake(ChannelHandlerContext ctx, ByteBuf in) {
        if (in.readableBytes() < EpochFrame.MASTER_HANDSHAKE_LENGTH) {
            return false;
        }
        int at = in.readerIndex();
        int body = in.getInt(at + 4);
        if (in.getInt(at) != EpochFrame.HANDSHAKE
                || body < 0
                || body % EpochFrame.ENTRY_LENGTH != 0
                || body > HaFrame.MAX_BODY) {
            refuse(ctx, in, "a handshake of state " + in.getInt(at) + " and " + body + " bytes");
            return false;
        }
        if (in.readableBytes() < EpochFrame.MASTER_HANDSHAKE_LENGTH + body) {
            return false;
        }
        long masterEnd = in.getLong(at + 8);
        List<EpochEntry> terms = EpochFrame.terms(in, body);
        in.skipBytes(EpochFrame.MASTER_HANDSHAKE_LENGTH + body);
        try {
            long cut = cutPoint(terms, masterEnd);
            if (cut < 0) {
                refuse(ctx, in, "terms " + terms + " that share none with this slave's");
                return false;
            }
            truncate(cut);
        } catch (IOException e) {
            refuse(ctx, in, "terms this slave cannot cut back to (" + e.getMessage() + ")");
            return false;
        }
        transferring = true;
        report(ctx, true);
        return true;
    }

    /**
     * Where this log must end before copying: the consistent point; a slave without terms (an empty
     * store, or one written before controller mode) keeps what fits under the master's end.
     */
    private long cutPoint(List<EpochEntry> terms, long masterEnd) {
        long end = store.maxPhysicalOffset();
        List<EpochEntry> mine = epochs.entries();
        if (mine.isEmpty() || end == 0) {
            return Math.min(end, masterEnd);
        }
        return EpochHistory.consistentPoint(mine, end, terms, masterEnd);
    }

    private void truncate(long cut) throws IOException {
        long end = store.maxPhysicalOffset();
        if (cut < end) {
            LOG.warn(
                    "HA: cutting this slave's log from {} back to {}, the end of the last term"
                            + " shared with master {}",
                    end,
                    cut,
                    remote);
            store.truncateTo(cut);
        }
        epochs.truncateFrom(cut);
    }

    private boolean append(
            ChannelHandlerContext ctx, ByteBuf in, long offset, int size, EpochEntry term) {
        try {
            if (term.epoch() > epochs.lastEpoch()) {
                epochs.append(term.epoch(), term.startOffset());
            }
            store.appendReplicated(
                    offset, in.slice(in.readerIndex() + EpochFrame.TRANSFER_HEADER_LENGTH, size));
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

    private void report(ChannelHandlerContext ctx, boolean always) {
        long end = store.maxPhysicalOffset();
        if (always || end != reported) {
            reported = end;
            counters.reported(end);
            lastReportNanos = System.nanoTime();
            ctx.writeAndFlush(EpochFrame.report(ctx.alloc(), end));
        }
    }

    @Override
    public void tick(long now) {
        ChannelHandlerContext ctx = context;
        if (ctx == null || !ctx.channel().isActive()) {
            return;
        }
        if (now - lastReadNanos > settings.housekeepingNanos()) {
            LOG.warn("HA: master {} silent too long; closing the link", remote);
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
