package io.bolide.bench.store;

import io.bolide.protocol.message.BodyCrc;
import io.bolide.protocol.message.StoredMessageEncoder;
import io.bolide.store.FlushMode;
import io.bolide.store.MessageStore;
import io.bolide.store.PutResult;
import io.bolide.store.RecordWriter;
import io.bolide.store.StoreConfig;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;

/**
 * The alternative to {@link BolideTarget}: the writer encodes straight into the mapped segment
 * under the append lock (CRC and lengths still computed before), saving the copy.
 */
final class DirectEncodeTarget implements AppendTarget {
    private final MessageStore store;
    private final ThreadLocal<Writer> writers = ThreadLocal.withInitial(Writer::new);
    private final ByteBuf body;
    private final int bodyCrc;

    DirectEncodeTarget(Path dir, boolean sync, byte[] body) throws IOException {
        this.body = Unpooled.wrappedBuffer(body);
        this.bodyCrc = new BodyCrc().of(this.body);
        this.store =
                MessageStore.open(
                        StoreConfig.builder(dir)
                                .flushMode(sync ? FlushMode.SYNC : FlushMode.ASYNC)
                                .build());
    }

    private final class Writer implements RecordWriter {
        final StoredMessageEncoder encoder = new StoredMessageEncoder();
        final StringBuilder properties = new StringBuilder(128);
        ByteBuffer lastTarget;
        ByteBuf view;
        int queue;
        int size;

        @Override
        public String topic() {
            return StoreAppendBench.TOPIC;
        }

        @Override
        public int queueId() {
            return queue;
        }

        @Override
        public int size() {
            return size;
        }

        @Override
        public void write(ByteBuffer target, int pos, long phys, long queueOffset, long ts) {
            if (target != lastTarget) {
                lastTarget = target;
                view = Unpooled.wrappedBuffer(target.duplicate().clear());
            }
            encoder.queueOffset(queueOffset)
                    .physicalOffset(phys)
                    .storeTimestamp(ts)
                    .encodeAt(view, pos, size);
        }
    }

    @Override
    public void append(int writer, long seq) {
        Writer w = writers.get();
        w.properties.setLength(0);
        w.properties
                .append("UNIQ_KEY\u0001")
                .append(StoreAppendBench.uniqKey(writer, seq))
                .append("\u0002TAGS\u0001TagA\u0002WAIT\u0001true\u0002");
        w.queue = writer % StoreAppendBench.QUEUES;
        w.encoder
                .reset()
                .topic(StoreAppendBench.TOPIC)
                .queueId(w.queue)
                .bornTimestamp(System.currentTimeMillis())
                .bornHost(StoreAppendBench.LOCALHOST, 40000 + writer)
                .storeHost(StoreAppendBench.LOCALHOST, 10911)
                .body(body)
                .bodyCrc(bodyCrc)
                .properties(w.properties);
        w.size = w.encoder.recordLength();
        PutResult result = store.put(w).join();
        if (!result.isOk()) {
            throw new IllegalStateException("put failed: " + result);
        }
    }

    @Override
    public void close() {
        try {
            store.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
