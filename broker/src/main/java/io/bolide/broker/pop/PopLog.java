package io.bolide.broker.pop;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Map;

/**
 * The POP bookkeeping's durability: an append-only file of {@link PopLogRecord}s (what was popped,
 * acknowledged, revived, given a new invisible time). Request threads append records to an
 * in-memory batch under this object's monitor; the revive agent writes the batch with one {@code
 * write} per duty cycle, so a burst of pops and acks costs one system call, not one per message.
 * Written bytes are in the page cache, so they survive the broker's process being killed; a batch
 * not yet written when the process dies is lost, which only means its messages are handed out again
 * after the restart (a lost POPPED leaves the offsets unconsumed, a lost REMOVED leaves the message
 * in flight until its invisible time passes). Replaying the file rebuilds every queue's next offset
 * and in-flight messages. When the file grows past a threshold the agent rewrites it as one STATE
 * record per queue ({@link #compact}).
 */
final class PopLog implements AutoCloseable {
    private final Path file;
    private FileChannel channel;
    private ByteBuf pending = Unpooled.buffer(4096);
    private ByteBuf writing = Unpooled.buffer(4096);

    private PopLog(Path file, FileChannel channel) {
        this.file = file;
        this.channel = channel;
    }

    /** Replays {@code file} (if any) into {@code sink}, then opens it for appending. */
    static PopLog open(Path file, PopLogReplay.Sink sink) throws IOException {
        Files.createDirectories(file.getParent());
        long valid = Files.exists(file) ? PopLogReplay.replay(file, sink) : 0;
        FileChannel channel =
                FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        channel.truncate(valid); // drop a torn tail so new records follow the last good one
        channel.position(valid);
        return new PopLog(file, channel);
    }

    synchronized void popped(
            QueueKey key, long popTime, long deadline, long next, long[] offsets, int count) {
        popped(key, false, popTime, deadline, next, offsets, count);
    }

    synchronized void popped(
            QueueKey key,
            boolean orderly,
            long popTime,
            long deadline,
            long next,
            long[] offsets,
            int count) {
        byte type = orderly ? PopLogRecord.POPPED_ORDERLY : PopLogRecord.POPPED;
        int start = PopLogRecord.begin(pending, type, key);
        pending.writeLong(popTime).writeLong(deadline).writeLong(next).writeInt(count);
        for (int i = 0; i < count; i++) {
            pending.writeLong(offsets[i]);
        }
        PopLogRecord.end(pending, start);
    }

    synchronized void removed(QueueKey key, long offset, long popTime) {
        int start = PopLogRecord.begin(pending, PopLogRecord.REMOVED, key);
        pending.writeLong(offset).writeLong(popTime);
        PopLogRecord.end(pending, start);
    }

    /** One record for several messages of one delivery (a batch acknowledgement). */
    synchronized void removedAll(QueueKey key, long popTime, long[] offsets, int count) {
        int start = PopLogRecord.begin(pending, PopLogRecord.REMOVED_ALL, key);
        pending.writeLong(popTime).writeInt(count);
        for (int i = 0; i < count; i++) {
            pending.writeLong(offsets[i]);
        }
        PopLogRecord.end(pending, start);
    }

    /** An orderly batch fell due: {@code offsets} leave flight, hand out again from {@code to}. */
    synchronized void rewound(QueueKey key, long popTime, long to, long[] offsets, int count) {
        rewound(pending, key, popTime, to, offsets, count);
    }

    private static void rewound(
            ByteBuf out, QueueKey key, long popTime, long to, long[] offsets, int count) {
        int start = PopLogRecord.begin(out, PopLogRecord.REWOUND, key);
        out.writeLong(popTime).writeLong(to).writeInt(count);
        for (int i = 0; i < count; i++) {
            out.writeLong(offsets[i]);
        }
        PopLogRecord.end(out, start);
    }

    synchronized void changed(
            QueueKey key, long offset, long popTime, long newPopTime, long deadline) {
        int start = PopLogRecord.begin(pending, PopLogRecord.CHANGED, key);
        pending.writeLong(offset).writeLong(popTime).writeLong(newPopTime).writeLong(deadline);
        PopLogRecord.end(pending, start);
    }

    /** The whole state of {@code queue} (whose monitor the caller holds), after a reset. */
    synchronized void state(PopQueue queue) {
        state(pending, queue);
    }

    /** Writes the records appended since the last flush; returns how many bytes. */
    int flush() throws IOException {
        synchronized (this) {
            if (!pending.isReadable()) {
                return 0;
            }
            ByteBuf full = pending;
            pending = writing;
            writing = full;
        }
        int bytes = writing.readableBytes();
        while (writing.isReadable()) {
            writing.readBytes(channel, writing.readableBytes());
        }
        writing.clear();
        return bytes;
    }

    /** The file's size (what has been written). */
    long size() throws IOException {
        return channel.size();
    }

    /**
     * Replaces the file with one STATE record per queue of {@code queues} (each read under its
     * monitor). Records appended while this runs stay in the batch and follow the snapshot in the
     * new file: replaying them over a state that already includes them changes nothing, because
     * each record sets or removes an entry by its offset and delivery.
     */
    void compact(Iterable<PopQueue> queues) throws IOException {
        flush();
        Path temp = file.resolveSibling(file.getFileName() + ".compact");
        ByteBuf out = Unpooled.buffer(64 * 1024);
        try (FileChannel next =
                FileChannel.open(
                        temp,
                        StandardOpenOption.CREATE,
                        StandardOpenOption.WRITE,
                        StandardOpenOption.TRUNCATE_EXISTING)) {
            for (PopQueue queue : queues) {
                synchronized (queue) {
                    state(out, queue);
                }
                while (out.isReadable()) {
                    out.readBytes(next, out.readableBytes());
                }
                out.clear();
            }
            next.force(true);
        }
        synchronized (this) {
            channel.close();
            Files.move(
                    temp,
                    file,
                    StandardCopyOption.REPLACE_EXISTING,
                    StandardCopyOption.ATOMIC_MOVE);
            channel = FileChannel.open(file, StandardOpenOption.WRITE);
            channel.position(channel.size());
        }
    }

    private static void state(ByteBuf out, PopQueue queue) {
        int start = PopLogRecord.begin(out, PopLogRecord.STATE, queue.key);
        out.writeLong(queue.popOffset()).writeInt(queue.inFlightCount());
        for (Map.Entry<Long, InFlight> e : queue.inFlight().entrySet()) {
            out.writeLong(e.getKey()).writeLong(e.getValue().popTime());
            out.writeLong(e.getValue().deadline());
        }
        PopLogRecord.end(out, start);
        if (queue.orderly()) { // marks the queue orderly again; moves and removes nothing
            rewound(out, queue.key, 0, queue.popOffset(), new long[0], 0);
        }
    }

    /** Writes what is pending and forces it to the disk. */
    @Override
    public void close() throws IOException {
        flush();
        channel.force(true);
        channel.close();
    }
}
