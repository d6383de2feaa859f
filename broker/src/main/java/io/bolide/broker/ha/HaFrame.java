package io.bolide.broker.ha;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;

/**
 * The two messages of RocketMQ's classic HA link (docs/replication.md), big-endian, no magic and no
 * checksum: TCP carries them, and the commit-log records inside carry their own body CRCs.
 *
 * <pre>
 * slave -> master, an offset report (at connect, after each append, and as a heartbeat):
 *   0 maxPhysicalOffset:int64                  the slave's commit-log end = what it holds
 *
 * master -> slave, a transfer (size 0 = heartbeat):
 *   0 startPhysicalOffset:int64 | 8 bodySize:int32 | 12 body: commit-log bytes from the offset,
 *                                                      never past the end of one segment
 * </pre>
 */
final class HaFrame {
    static final int REPORT_LENGTH = 8;
    static final int OFFSET_OFFSET = 0;
    static final int SIZE_OFFSET = 8;
    static final int HEADER_LENGTH = 12;

    /**
     * The largest body a slave accepts. The reference's slave reads into a 4 MiB buffer, so no
     * master it works with sends more; a larger size is garbage, not data.
     */
    static final int MAX_BODY = 4 * 1024 * 1024;

    private HaFrame() {}

    static ByteBuf header(ByteBufAllocator alloc, long offset, int size) {
        ByteBuf header = alloc.directBuffer(HEADER_LENGTH);
        header.writeLong(offset).writeInt(size);
        return header;
    }

    static ByteBuf report(ByteBufAllocator alloc, long offset) {
        ByteBuf report = alloc.directBuffer(REPORT_LENGTH);
        report.writeLong(offset);
        return report;
    }
}
