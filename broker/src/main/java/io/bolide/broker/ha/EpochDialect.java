package io.bolide.broker.ha;

import io.bolide.store.EpochEntry;
import io.bolide.store.EpochFile;
import io.bolide.store.EpochHistory;
import io.bolide.store.MessageStore;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.io.IOException;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Controller mode's epoch-aware HA ({@link EpochFrame}): the slave handshakes, cuts its log back to
 * the last term it shares with the master (the reference's consistent point), records every new
 * term the transfers carry in its epoch file and follows the master's confirm offset.
 */
final class EpochDialect implements LinkDialect {
    private static final Logger LOG = LoggerFactory.getLogger(EpochDialect.class);

    private final MessageStore store;
    private final EpochFile epochs;
    private final long brokerId;

    EpochDialect(MessageStore store, EpochFile epochs, long brokerId) {
        this.store = store;
        this.epochs = epochs;
        this.brokerId = brokerId;
    }

    @Override
    public ByteBuf hello(ByteBufAllocator alloc) {
        return EpochFrame.slaveHandshake(alloc, false, brokerId);
    }

    @Override
    public boolean handshake(ByteBuf in, String remote) throws Refusal {
        if (in.readableBytes() < EpochFrame.MASTER_HANDSHAKE_LENGTH) {
            return false;
        }
        int at = in.readerIndex();
        int body = in.getInt(at + 4);
        if (in.getInt(at) != EpochFrame.HANDSHAKE
                || body < 0
                || body % EpochFrame.ENTRY_LENGTH != 0
                || body > HaFrame.MAX_BODY) {
            throw new Refusal("a handshake of state " + in.getInt(at) + " and " + body + " bytes");
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
                throw new Refusal("terms " + terms + " that share none with this slave's");
            }
            truncate(cut, remote);
        } catch (IOException e) {
            throw new Refusal("terms this slave cannot cut back to (" + e.getMessage() + ")");
        }
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

    private void truncate(long cut, String remote) throws IOException {
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

    @Override
    public int headerLength() {
        return EpochFrame.TRANSFER_HEADER_LENGTH;
    }

    @Override
    public boolean isTransfer(ByteBuf in, int at) {
        return in.getInt(at) == EpochFrame.TRANSFER;
    }

    @Override
    public long offset(ByteBuf in, int at) {
        return in.getLong(at + 8);
    }

    @Override
    public int size(ByteBuf in, int at) {
        return in.getInt(at + 4);
    }

    /** A transfer of a term newer than this slave's last starts that term here too. */
    @Override
    public void beforeAppend(ByteBuf in, int at) throws IOException {
        int epoch = in.getInt(at + 16);
        if (epoch > epochs.lastEpoch()) {
            epochs.append(epoch, in.getLong(at + 20));
        }
    }

    /** The master's confirm offset: records below it are in every in-sync replica. */
    @Override
    public void afterTransfer(ByteBuf in, int at) {
        store.readLimit().follow(in.getLong(at + EpochFrame.CONFIRM_AT));
    }

    @Override
    public ByteBuf report(ByteBufAllocator alloc, long end) {
        return EpochFrame.report(alloc, end);
    }
}
