package io.bolide.bench.store;

import io.bolide.protocol.message.StoredMessageEncoder;
import io.bolide.store.EncodedRecord;
import io.bolide.store.GetResult;
import io.bolide.store.MessageStore;
import io.bolide.store.StoreConfig;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;

/**
 * The store's read path alone, as a backlog drain uses it: N 1 KiB messages over 8 queues (written
 * interleaved, as producers do), then every queue read from offset 0 in pulls of 32, each record
 * slice released as the transport would after writing it. Reports the reading thread's CPU time per
 * message (its own CPU clock, so other processes on a shared host do not count), best of the
 * measured passes after one warm-up pass. Same public API on every build, so the one class runs
 * against two builds' store classes (bench/run-read-ab.sh).
 *
 * <p>Arguments: data-dir [messages=400000] [passes=4]
 */
public final class StoreReadBench {
    private static final String TOPIC = "ReadBench";
    private static final int QUEUES = 8;

    private StoreReadBench() {}

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        int messages = args.length > 1 ? Integer.parseInt(args[1]) : 400_000;
        int passes = args.length > 2 ? Integer.parseInt(args[2]) : 4;
        try (MessageStore store = MessageStore.open(StoreConfig.builder(dir).build())) {
            fill(store, messages);
            while (store.dispatchedOffset() < store.maxPhysicalOffset()) {
                Thread.onSpinWait();
            }
            ThreadMXBean mx = ManagementFactory.getThreadMXBean();
            long best = Long.MAX_VALUE;
            for (int pass = 0; pass <= passes; pass++) {
                long cpu = mx.getCurrentThreadCpuTime();
                long read = drain(store);
                long ns = mx.getCurrentThreadCpuTime() - cpu;
                if (read != messages) {
                    throw new IllegalStateException("read " + read + " of " + messages);
                }
                if (pass > 0) {
                    best = Math.min(best, ns);
                }
            }
            System.out.println("RESULT read_cpu_ns_per_msg=" + best / messages);
        }
    }

    private static void fill(MessageStore store, int messages) throws Exception {
        StoredMessageEncoder encoder = new StoredMessageEncoder();
        ByteBuf buffer = Unpooled.directBuffer(2048);
        byte[] body = new byte[1024];
        byte[] host = {127, 0, 0, 1};
        for (int i = 0; i < messages; i++) {
            buffer.clear();
            encoder.reset()
                    .topic(TOPIC)
                    .queueId(i % QUEUES)
                    .bornTimestamp(System.currentTimeMillis())
                    .bornHost(host, 40000)
                    .storeHost(host, 10911)
                    .body(Unpooled.wrappedBuffer(body))
                    .properties("TAGS\u0001TagA\u0002")
                    .encode(buffer);
            store.put(new EncodedRecord(TOPIC, i % QUEUES, buffer)).join();
        }
        buffer.release();
    }

    private static long drain(MessageStore store) {
        long read = 0;
        for (int q = 0; q < QUEUES; q++) {
            long offset = 0;
            while (true) {
                GetResult got = store.getMessages(TOPIC, q, offset, 32, 256 << 10, null);
                if (got.messages().isEmpty()) {
                    got.release();
                    break;
                }
                read += got.messages().size();
                offset = got.nextBeginOffset();
                got.release();
            }
        }
        return read;
    }
}
