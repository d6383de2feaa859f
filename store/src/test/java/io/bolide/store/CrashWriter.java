package io.bolide.store;

import io.netty.buffer.ByteBuf;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;

/**
 * Child process of {@link KillNineTest}: appends under SYNC flush from many threads until killed,
 * printing one "ACK" line per acknowledged message. Run as {@code CrashWriter <dir> <threads>
 * <generation>}.
 */
public final class CrashWriter {
    static final String TOPIC = "crash";
    static final int QUEUES = 4;

    private CrashWriter() {}

    static StoreConfig config(Path dir) {
        return StoreConfig.builder(dir)
                .segmentSize(256 * 1024)
                .consumeQueueFileSize(20 * 512)
                .index(256, 2048)
                .flushMode(FlushMode.SYNC)
                .checkpointIntervalMs(20)
                .retention(1_000_000, 4, 1.0)
                .build();
    }

    /** The deterministic body of message {@code seq} of writer {@code writer}. */
    static byte[] body(long generation, int writer, long seq) {
        SplittableRandom random =
                new SplittableRandom(generation * 1_000_003L + writer * 7919L + seq);
        byte[] body = new byte[50 + random.nextInt(400)];
        for (int i = 0; i < body.length; i++) {
            body[i] = (byte) random.nextInt(256);
        }
        return body;
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        int threads = Integer.parseInt(args[1]);
        long generation = Long.parseLong(args[2]);
        MessageStore store = MessageStore.open(config(dir));
        PrintStream out = System.out;
        out.println("READY");
        out.flush();
        for (int t = 0; t < threads; t++) {
            int writer = t;
            Thread thread = new Thread(() -> write(store, out, generation, writer));
            thread.start();
        }
        Thread.currentThread().join();
    }

    private static void write(MessageStore store, PrintStream out, long generation, int writer) {
        int queue = writer % QUEUES;
        for (long seq = 0; ; seq++) {
            ByteBuf encoded =
                    TestRecords.encode(
                            TOPIC,
                            queue,
                            body(generation, writer, seq),
                            TestRecords.props("W", "x"));
            CompletableFuture<PutResult> future =
                    store.put(new EncodedRecord(TOPIC, queue, encoded));
            PutResult result = future.join();
            if (!result.isOk()) {
                out.println("FAILED " + result.status());
                return;
            }
            synchronized (out) {
                out.println(
                        "ACK "
                                + queue
                                + ' '
                                + result.queueOffset()
                                + ' '
                                + generation
                                + ' '
                                + writer
                                + ' '
                                + seq
                                + " END");
            }
        }
    }
}
