package io.bolide.remoting;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.concurrent.RejectedExecutionException;

/**
 * Holds back the responses given on one thread while it is open, and hands each connection its
 * share as one task on the connection's I/O thread that writes them in the order given and flushes
 * once. One event that releases many answers from outside the I/O threads — a slave's
 * acknowledgement releasing the SYNC_MASTER sends it covers — then costs each connection one task
 * and one send, not one of each per answer. Responses given with no batch open leave at once.
 *
 * <p>Opened with {@link #open()} and closed in a {@code finally} block; batches nest on one thread,
 * and only the outermost close hands the answers over. Encoding still happens where the answer is
 * given.
 */
public final class ResponseBatch {
    private static final ThreadLocal<ResponseBatch> OF_THREAD =
            ThreadLocal.withInitial(ResponseBatch::new);

    /** One share per connection, in the order of each connection's first answer. */
    private final ArrayList<Share> shares = new ArrayList<>();

    private int depth;

    private ResponseBatch() {}

    /** Opens (or, when one is open on this thread, enters again) this thread's batch. */
    public static ResponseBatch open() {
        ResponseBatch batch = OF_THREAD.get();
        batch.depth++;
        return batch;
    }

    /** The batch open on this thread, or null. */
    static ResponseBatch current() {
        ResponseBatch batch = OF_THREAD.get();
        return batch.depth > 0 ? batch : null;
    }

    /** Holds {@code frame} (one encoded response, owned by the batch now) for {@code channel}. */
    void add(Channel channel, ByteBuf frame) {
        Share share = null;
        // Few connections per batch (one per producer client): a scan beats a hash lookup.
        for (int i = shares.size() - 1; i >= 0; i--) {
            if (shares.get(i).channel == channel) {
                share = shares.get(i);
                break;
            }
        }
        if (share == null) {
            share = new Share(channel);
            shares.add(share);
        }
        share.add(frame);
    }

    /** Leaves the batch; the outermost close hands every connection its responses. */
    public void close() {
        if (depth == 0) {
            throw new IllegalStateException("the response batch is not open");
        }
        if (--depth > 0) {
            return;
        }
        try {
            // Indexed: an acknowledgement that released nothing allocates nothing.
            for (int i = 0; i < shares.size(); i++) {
                shares.get(i).handOver();
            }
        } finally {
            shares.clear();
        }
    }

    /** One connection's responses, written by its I/O thread in one task. */
    private static final class Share implements Runnable {
        private final Channel channel;
        private ByteBuf[] frames = new ByteBuf[8];
        private int count;

        Share(Channel channel) {
            this.channel = channel;
        }

        void add(ByteBuf frame) {
            if (count == frames.length) {
                frames = Arrays.copyOf(frames, count * 2);
            }
            frames[count++] = frame;
        }

        void handOver() {
            try {
                channel.eventLoop().execute(this);
            } catch (RejectedExecutionException e) {
                // The I/O threads have stopped: the connection is gone with them.
                for (int i = 0; i < count; i++) {
                    frames[i].release();
                }
            }
        }

        @Override
        public void run() {
            for (int i = 0; i < count; i++) {
                channel.write(frames[i]);
            }
            channel.flush();
        }
    }
}
