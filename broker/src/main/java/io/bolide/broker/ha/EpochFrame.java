package io.bolide.broker.ha;

import io.bolide.store.EpochEntry;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.util.ArrayList;
import java.util.List;

/**
 * The messages of the epoch-aware HA link, the layout of the reference's controller-mode
 * ("auto-switch") HA, read from 5.5.0 with javap (docs/replication.md section 8). Big-endian; the
 * first int of every message is the sender's link state: 1 HANDSHAKE, 2 TRANSFER.
 *
 * <pre>
 * slave -> master, once at connect (16 bytes):
 *   0 state:int32=1 | 4 syncFromLastFile:int16 | 6 asyncLearner:int16 | 8 brokerId:int64
 * slave -> master, an offset report (12 bytes):
 *   0 state:int32=2 | 4 maxPhysicalOffset:int64
 * master -> slave, the handshake answer (20 bytes + 12 per term):
 *   0 state:int32=1 | 4 bodySize:int32 | 8 maxPhysicalOffset:int64 | 16 lastEpoch:int32
 *   | 20 body: per term, oldest first, epoch:int32 | startOffset:int64
 * master -> slave, a transfer (36 bytes + body; size 0 = heartbeat):
 *   0 state:int32=2 | 4 bodySize:int32 | 8 startPhysicalOffset:int64 | 16 epoch:int32
 *   | 20 epochStartOffset:int64 | 28 confirmOffset:int64 | 36 body (one term's bytes only)
 * </pre>
 */
final class EpochFrame {
    static final int HANDSHAKE = 1;
    static final int TRANSFER = 2;
    static final int SLAVE_HANDSHAKE_LENGTH = 16;
    static final int REPORT_LENGTH = 12;
    static final int MASTER_HANDSHAKE_LENGTH = 20;
    static final int TRANSFER_HEADER_LENGTH = 36;
    static final int ENTRY_LENGTH = 12;
    static final int CONFIRM_AT = 28;

    private EpochFrame() {}

    static ByteBuf slaveHandshake(ByteBufAllocator alloc, boolean fromLastFile, long brokerId) {
        ByteBuf b = alloc.directBuffer(SLAVE_HANDSHAKE_LENGTH);
        return b.writeInt(HANDSHAKE)
                .writeShort(fromLastFile ? 1 : 0)
                .writeShort(0)
                .writeLong(brokerId);
    }

    static ByteBuf report(ByteBufAllocator alloc, long offset) {
        return alloc.directBuffer(REPORT_LENGTH).writeInt(TRANSFER).writeLong(offset);
    }

    static ByteBuf masterHandshake(ByteBufAllocator alloc, long end, List<EpochEntry> terms) {
        int body = terms.size() * ENTRY_LENGTH;
        ByteBuf b = alloc.directBuffer(MASTER_HANDSHAKE_LENGTH + body);
        int last = terms.isEmpty() ? 0 : terms.get(terms.size() - 1).epoch();
        b.writeInt(HANDSHAKE).writeInt(body).writeLong(end).writeInt(last);
        for (EpochEntry term : terms) {
            b.writeInt(term.epoch()).writeLong(term.startOffset());
        }
        return b;
    }

    /** The terms of a whole handshake answer starting at the reader index. */
    static List<EpochEntry> terms(ByteBuf in, int bodySize) {
        List<EpochEntry> terms = new ArrayList<>(bodySize / ENTRY_LENGTH);
        int at = in.readerIndex() + MASTER_HANDSHAKE_LENGTH;
        for (int i = 0; i < bodySize / ENTRY_LENGTH; i++, at += ENTRY_LENGTH) {
            terms.add(new EpochEntry(in.getInt(at), in.getLong(at + 4)));
        }
        return terms;
    }

    static ByteBuf transferHeader(
            ByteBufAllocator alloc, long offset, int size, EpochEntry term, long confirm) {
        ByteBuf b = alloc.directBuffer(TRANSFER_HEADER_LENGTH);
        return b.writeInt(TRANSFER)
                .writeInt(size)
                .writeLong(offset)
                .writeInt(term.epoch())
                .writeLong(term.startOffset())
                .writeLong(confirm);
    }
}
