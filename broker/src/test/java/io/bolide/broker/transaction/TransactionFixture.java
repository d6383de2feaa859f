package io.bolide.broker.transaction;

import io.bolide.broker.append.MessageRecordWriter;
import io.bolide.broker.stats.TransactionStats;
import io.bolide.protocol.header.CheckTransactionStateRequestHeader;
import io.bolide.protocol.message.StoredMessageEncoder;
import io.bolide.protocol.message.StoredMessageFlyweight;
import io.bolide.store.GetResult;
import io.bolide.store.MessageStore;
import io.bolide.store.PutResult;
import io.bolide.store.StoreConfig;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/** A real store in a temp directory, an engine over it with a fake clock and a recording sender. */
final class TransactionFixture implements AutoCloseable {
    static final byte[] HOST = {127, 0, 0, 1};
    static final int PORT = 10911;
    static final String GROUP = "tx-group";
    static final String TOPIC = "TxTopic";

    final Path dir;
    final AtomicLong clock = new AtomicLong(1_000_000);
    final List<Check> checks = new ArrayList<>();
    final Map<String, Long> marks;
    boolean producerOnline = true;
    MessageStore store;
    Transactions transactions;
    TransactionStats stats;

    /** One CHECK_TRANSACTION_STATE as sent: header and the decoded body fields. */
    record Check(
            CheckTransactionStateRequestHeader header,
            String topic,
            int queueId,
            Map<String, String> properties) {}

    TransactionFixture(Path dir, TransactionConfig config, Map<String, Long> marks)
            throws IOException {
        this.dir = dir;
        this.marks = marks;
        open(config);
    }

    TransactionFixture(Path dir, TransactionConfig config) throws IOException {
        this(dir, config, new HashMap<>());
    }

    void open(TransactionConfig config) throws IOException {
        store =
                MessageStore.open(
                        StoreConfig.builder(dir)
                                .segmentSize(1 << 20)
                                .consumeQueueFileSize(20 * 1000)
                                .index(64, 1000)
                                .build());
        transactions =
                new Transactions(
                        store, config, HOST, PORT, "broker-a", sender(), progress(), clock::get);
        stats = new TransactionStats();
        transactions.recover(stats);
    }

    void restart(TransactionConfig config) throws IOException {
        store.close();
        open(config);
    }

    private CheckSender sender() {
        return new CheckSender() {
            @Override
            public boolean reachable(String producerGroup) {
                return producerOnline && GROUP.equals(producerGroup);
            }

            @Override
            public boolean send(
                    String group, CheckTransactionStateRequestHeader header, ByteBuf body) {
                try {
                    StoredMessageFlyweight message = new StoredMessageFlyweight().wrap(body, 0);
                    checks.add(
                            new Check(
                                    header,
                                    message.topic(),
                                    message.queueId(),
                                    message.propertyMap()));
                } finally {
                    body.release();
                }
                return true;
            }
        };
    }

    private TransactionProgress progress() {
        return new TransactionProgress() {
            @Override
            public long load(String topic) {
                return marks.getOrDefault(topic, -1L);
            }

            @Override
            public void save(String topic, long offset) {
                marks.put(topic, offset);
            }
        };
    }

    /** Stores a half message as the send path does; returns its put result. */
    PutResult sendHalf(String uniqKey, String body) {
        String properties =
                "TRAN_MSG\u0001true\u0002PGROUP\u0001"
                        + GROUP
                        + "\u0002UNIQ_KEY\u0001"
                        + uniqKey
                        + "\u0002";
        StoredMessageEncoder encoder =
                new StoredMessageEncoder()
                        .sysFlag(HalfMessage.sysFlag(HalfMessage.PREPARED))
                        .bornTimestamp(clock.get())
                        .bornHost(HOST, 50000)
                        .storeHost(HOST, PORT)
                        .body(Unpooled.wrappedBuffer(body.getBytes(StandardCharsets.UTF_8)))
                        .properties(HalfMessage.properties(properties, TOPIC, 2));
        PutResult put =
                store.put(new MessageRecordWriter(encoder).prepare(HalfMessage.HALF_TOPIC, 0))
                        .join();
        awaitQueue(HalfMessage.HALF_TOPIC, 0, put.queueOffset() + 1);
        return put;
    }

    EndOutcome end(PutResult half, int outcome) {
        return end(half.physicalOffset(), half.queueOffset(), outcome);
    }

    EndOutcome end(long commitLogOffset, long queueOffset, int outcome) {
        return transactions.end(GROUP, commitLogOffset, queueOffset, outcome).join();
    }

    /** Runs a check round {@code millis} later, after the store has dispatched everything. */
    int checkAfter(long millis) {
        clock.addAndGet(millis);
        awaitDispatched();
        return transactions.check();
    }

    void awaitDispatched() {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (store.dispatchedOffset() < store.maxPhysicalOffset()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("store did not dispatch");
            }
            LockSupport.parkNanos(1_000_000); // not spinning: the dispatch thread needs the core
        }
    }

    void awaitQueue(String topic, int queueId, long count) {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (store.maxOffset(topic, queueId) < count) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("queue " + topic + " did not reach " + count);
            }
            LockSupport.parkNanos(1_000_000); // not spinning: the dispatch thread needs the core
        }
    }

    /** Properties and sysFlag / prepared offset of every record of a queue. */
    List<StoredView> read(String topic, int queueId) {
        awaitDispatched();
        List<StoredView> views = new ArrayList<>();
        GetResult result = store.getMessages(topic, queueId, 0, 1000, Integer.MAX_VALUE, null);
        try {
            StoredMessageFlyweight message = new StoredMessageFlyweight();
            for (ByteBuf record : result.messages()) {
                message.wrap(record, record.readerIndex());
                views.add(
                        new StoredView(
                                message.sysFlag(),
                                message.preparedTransactionOffset(),
                                message.body().toString(StandardCharsets.UTF_8),
                                message.propertyMap()));
            }
        } finally {
            result.release();
        }
        return views;
    }

    /** What a test looks at in a stored record. */
    record StoredView(
            int sysFlag, long preparedOffset, String body, Map<String, String> properties) {}

    @Override
    public void close() throws IOException {
        store.close();
    }
}
