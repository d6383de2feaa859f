package io.bolide.protocol.body;

import io.netty.buffer.ByteBuf;

/**
 * The body of GET_TIMER_CHECK_POINT (60): a timer store's progress, seven big-endian longs (56
 * bytes) in this order, the layout of the reference's {@code TimerCheckpoint.encode}.
 *
 * @param lastReadTimeMs timer slots before this time have been delivered
 * @param lastTimerLogFlushPos the flushed end of the reference's timer log (Bolide has none: 0)
 * @param lastTimerQueueOffset timer-queue offsets below it have been filed
 * @param masterTimerQueueOffset the same, as a master's delivery committed it (a slave copies it)
 * @param dataVersion changes whenever the progress does
 */
public record TimerCheckpoint(
        long lastReadTimeMs,
        long lastTimerLogFlushPos,
        long lastTimerQueueOffset,
        long masterTimerQueueOffset,
        DataVersion dataVersion) {
    public static final int SIZE = 7 * Long.BYTES;

    public TimerCheckpoint {
        if (dataVersion == null) {
            throw new IllegalArgumentException("a timer checkpoint needs a data version");
        }
    }

    /** Writes the 56 bytes at the writer index. */
    public void encode(ByteBuf out) {
        out.writeLong(lastReadTimeMs)
                .writeLong(lastTimerLogFlushPos)
                .writeLong(lastTimerQueueOffset)
                .writeLong(masterTimerQueueOffset)
                .writeLong(dataVersion.stateVersion())
                .writeLong(dataVersion.timestamp())
                .writeLong(dataVersion.counter());
    }

    /**
     * Reads 56 bytes from the reader index.
     *
     * @throws IllegalArgumentException if fewer are readable
     */
    public static TimerCheckpoint decode(ByteBuf in) {
        if (in.readableBytes() < SIZE) {
            throw new IllegalArgumentException(
                    "a timer checkpoint is " + SIZE + " bytes, got " + in.readableBytes());
        }
        long readTime = in.readLong();
        long logFlush = in.readLong();
        long queueOffset = in.readLong();
        long masterOffset = in.readLong();
        DataVersion version = new DataVersion(in.readLong(), in.readLong(), in.readLong());
        return new TimerCheckpoint(readTime, logFlush, queueOffset, masterOffset, version);
    }
}
