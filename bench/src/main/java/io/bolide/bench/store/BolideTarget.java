package io.bolide.bench.store;

import io.bolide.protocol.message.StoredMessageEncoder;
import io.bolide.store.EncodedRecord;
import io.bolide.store.FlushMode;
import io.bolide.store.MessageStore;
import io.bolide.store.PutResult;
import io.bolide.store.StoreConfig;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.file.Path;

/** Bolide's store: each writer encodes (with CRC) outside the lock into its own buffer. */
final class BolideTarget implements AppendTarget {
    private final MessageStore store;
    private final ThreadLocal<Writer> writers = ThreadLocal.withInitial(Writer::new);
    private final byte[] body;

    BolideTarget(Path dir, boolean sync, byte[] body) throws Exception {
        this.body = body;
        this.store =
                MessageStore.open(
                        StoreConfig.builder(dir)
                                .flushMode(sync ? FlushMode.SYNC : FlushMode.ASYNC)
                                .build());
    }

    private static final class Writer {
        final StoredMessageEncoder encoder = new StoredMessageEncoder();
        final ByteBuf buffer = Unpooled.directBuffer(4096);
        final StringBuilder properties = new StringBuilder(128);
    }

    @Override
    public void append(int writer, long seq) {
        Writer w = writers.get();
        w.properties.setLength(0);
        w.properties
                .append("UNIQ_KEY\u0001")
                .append(StoreAppendBench.uniqKey(writer, seq))
                .append("\u0002TAGS\u0001TagA\u0002WAIT\u0001true\u0002");
        int queue = writer % StoreAppendBench.QUEUES;
        w.buffer.clear();
        w.encoder
                .reset()
                .topic(StoreAppendBench.TOPIC)
                .queueId(queue)
                .bornTimestamp(System.currentTimeMillis())
                .bornHost(StoreAppendBench.LOCALHOST, 40000 + writer)
                .storeHost(StoreAppendBench.LOCALHOST, 10911)
                .body(Unpooled.wrappedBuffer(body))
                .properties(w.properties)
                .encode(w.buffer);
        PutResult result =
                store.put(new EncodedRecord(StoreAppendBench.TOPIC, queue, w.buffer)).join();
        if (!result.isOk()) {
            throw new IllegalStateException("put failed: " + result);
        }
    }

    @Override
    public void close() {
        try {
            store.close();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
