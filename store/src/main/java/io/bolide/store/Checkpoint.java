package io.bolide.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32;

/**
 * The checkpoint file: how far the commit log is known durable and how far dispatch output (consume
 * queues, index) is known durable. Two CRC-guarded slots are written alternately, so a torn
 * checkpoint write leaves the previous one readable.
 *
 * <pre>
 *  slot (32 bytes, at 0 and 32): sequence:int64 | commitLogSafe:int64 | dispatchSafe:int64
 *                                | reserved:int32 | crc32:int32 (of the first 28 bytes)
 * </pre>
 */
final class Checkpoint implements AutoCloseable {
    private static final int SLOT = 32;
    private static final int CRC_AT = 28;

    private final FileChannel channel;
    private final ByteBuffer scratch = ByteBuffer.allocate(SLOT);
    private long sequence;
    private long commitLogSafe;
    private long dispatchSafe;
    private boolean present;

    private Checkpoint(FileChannel channel) {
        this.channel = channel;
    }

    static Checkpoint open(Path file) throws IOException {
        FileChannel channel =
                FileChannel.open(
                        file,
                        StandardOpenOption.CREATE,
                        StandardOpenOption.READ,
                        StandardOpenOption.WRITE);
        Checkpoint checkpoint = new Checkpoint(channel);
        checkpoint.readSlot(0);
        checkpoint.readSlot(SLOT);
        return checkpoint;
    }

    private void readSlot(long position) throws IOException {
        scratch.clear();
        while (scratch.hasRemaining() && channel.read(scratch, position + scratch.position()) > 0) {
            // read the whole slot
        }
        if (scratch.hasRemaining()) {
            return;
        }
        CRC32 crc = new CRC32();
        crc.update(scratch.array(), 0, CRC_AT);
        long seq = scratch.getLong(0);
        if ((int) crc.getValue() == scratch.getInt(CRC_AT) && seq > sequence) {
            sequence = seq;
            commitLogSafe = scratch.getLong(8);
            dispatchSafe = scratch.getLong(16);
            present = true;
        }
    }

    /** Whether a valid checkpoint was read. */
    boolean present() {
        return present;
    }

    long commitLogSafe() {
        return commitLogSafe;
    }

    long dispatchSafe() {
        return dispatchSafe;
    }

    /** Writes and forces the next slot. */
    synchronized void write(long commitLog, long dispatch) throws IOException {
        long seq = sequence + 1;
        scratch.clear();
        scratch.putLong(0, seq).putLong(8, commitLog).putLong(16, dispatch).putInt(24, 0);
        CRC32 crc = new CRC32();
        crc.update(scratch.array(), 0, CRC_AT);
        scratch.putInt(CRC_AT, (int) crc.getValue());
        long position = (seq & 1) * SLOT;
        while (scratch.hasRemaining()) {
            channel.write(scratch, position + scratch.position());
        }
        channel.force(false);
        sequence = seq;
        commitLogSafe = commitLog;
        dispatchSafe = dispatch;
        present = true;
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
