package io.bolide.broker.pop;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Reads a pop log back, record by record, up to its last intact record. */
final class PopLogReplay {
    private static final Logger LOG = LoggerFactory.getLogger(PopLogReplay.class);

    /** Where replayed records go. */
    interface Sink {
        void popped(QueueKey key, long popTime, long deadline, long next, long[] offsets);

        void removed(QueueKey key, long offset, long popTime);

        void changed(QueueKey key, long offset, long popTime, long newPopTime, long deadline);

        void state(QueueKey key, long popOffset, long[] offsets, InFlight[] entries);

        /** An orderly pop: the queue is popped orderly from now on. */
        void orderly(QueueKey key);

        /** An orderly batch fell due: offsets out of flight, hand out again from {@code to}. */
        void rewound(QueueKey key, long popTime, long to, long[] offsets);
    }

    private PopLogReplay() {}

    /** Replays {@code file} into {@code sink}; returns the length of its intact prefix. */
    static long replay(Path file, Sink sink) throws IOException {
        ByteBuf in = Unpooled.wrappedBuffer(Files.readAllBytes(file));
        while (in.readableBytes() >= PopLogRecord.HEADER) {
            int start = in.readerIndex();
            int length = in.getInt(start);
            int crc = in.getInt(start + 4);
            if (length <= 0 || length > in.readableBytes() - PopLogRecord.HEADER) {
                break;
            }
            if (PopLogRecord.crc(in, start + PopLogRecord.HEADER, length) != crc) {
                break;
            }
            in.skipBytes(PopLogRecord.HEADER);
            apply(in.readSlice(length), sink);
        }
        if (in.isReadable()) {
            LOG.warn(
                    "pop log {}: dropping a torn tail of {} bytes after a crash",
                    file,
                    in.readableBytes());
        }
        return in.readerIndex();
    }

    private static void apply(ByteBuf r, Sink sink) {
        byte type = r.readByte();
        QueueKey key = PopLogRecord.readKey(r);
        switch (type) {
            case PopLogRecord.POPPED:
                popped(r, key, sink);
                break;
            case PopLogRecord.POPPED_ORDERLY:
                popped(r, key, sink);
                sink.orderly(key);
                break;
            case PopLogRecord.REMOVED:
                sink.removed(key, r.readLong(), r.readLong());
                break;
            case PopLogRecord.REMOVED_ALL:
                long ackedPopTime = r.readLong();
                for (long offset : longs(r, r.readInt())) {
                    sink.removed(key, offset, ackedPopTime);
                }
                break;
            case PopLogRecord.REWOUND:
                long rewoundPopTime = r.readLong();
                long to = r.readLong();
                sink.rewound(key, rewoundPopTime, to, longs(r, r.readInt()));
                break;
            case PopLogRecord.CHANGED:
                sink.changed(key, r.readLong(), r.readLong(), r.readLong(), r.readLong());
                break;
            case PopLogRecord.STATE:
                state(r, key, sink);
                break;
            default:
                throw new IllegalStateException("unknown pop log record type " + type);
        }
    }

    private static void popped(ByteBuf r, QueueKey key, Sink sink) {
        long popTime = r.readLong();
        long deadline = r.readLong();
        long next = r.readLong();
        sink.popped(key, popTime, deadline, next, longs(r, r.readInt()));
    }

    private static void state(ByteBuf r, QueueKey key, Sink sink) {
        long popOffset = r.readLong();
        int n = r.readInt();
        long[] offsets = new long[n];
        InFlight[] entries = new InFlight[n];
        for (int i = 0; i < n; i++) {
            offsets[i] = r.readLong();
            entries[i] = new InFlight(r.readLong(), r.readLong());
        }
        sink.state(key, popOffset, offsets, entries);
    }

    private static long[] longs(ByteBuf r, int n) {
        long[] values = new long[n];
        for (int i = 0; i < n; i++) {
            values[i] = r.readLong();
        }
        return values;
    }
}
