package io.bolide.store;

import static io.bolide.store.TestRecords.props;
import static io.bolide.store.TestRecords.record;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bolide.testsupport.Await;
import io.bolide.testsupport.MutableClock;
import io.netty.buffer.ByteBuf;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MessageStoreTest {
    @TempDir Path dir;
    private MessageStore store;

    static StoreConfig.Builder small(Path root) {
        return StoreConfig.builder(root)
                .segmentSize(64 * 1024)
                .consumeQueueFileSize(20 * 100)
                .index(64, 1000)
                .checkpointIntervalMs(50);
    }

    @AfterEach
    void closeStore() throws Exception {
        if (store != null) {
            store.close();
        }
    }

    static PutResult put(MessageStore store, String topic, int queue, String body) {
        return store.put(record(topic, queue, body, props("TAGS", "TagA"))).join();
    }

    static void awaitDispatched(MessageStore store) {
        Await.until(
                () -> store.dispatchedOffset() >= store.maxPhysicalOffset(),
                "dispatch to catch up");
    }

    @Test
    void shouldAssignConsecutiveQueueOffsetsPerQueueAndReturnStoredBytes() throws Exception {
        store = MessageStore.open(small(dir).build());
        PutResult a = put(store, "T", 0, "a");
        PutResult b = put(store, "T", 0, "b");
        PutResult c = put(store, "T", 1, "c");
        assertThat(a.isOk()).isTrue();
        assertThat(a.queueOffset()).isZero();
        assertThat(b.queueOffset()).isEqualTo(1);
        assertThat(c.queueOffset()).isZero();
        assertThat(b.physicalOffset()).isEqualTo(a.physicalOffset() + a.wroteBytes());
        awaitDispatched(store);

        GetResult got = store.getMessages("T", 0, 0, 32, 1 << 20, null);
        try {
            assertThat(got.status()).isEqualTo(GetStatus.FOUND);
            assertThat(got.messages()).hasSize(2);
            assertThat(got.nextBeginOffset()).isEqualTo(2);
            assertThat(TestRecords.body(got.messages().get(1))).isEqualTo("b");
            assertThat(TestRecords.queueOffset(got.messages().get(1))).isEqualTo(1);
            assertThat(TestRecords.physicalOffset(got.messages().get(1)))
                    .isEqualTo(b.physicalOffset());
            assertThat(TestRecords.storeTimestamp(got.messages().get(1)))
                    .isEqualTo(b.storeTimestamp());
        } finally {
            got.release();
        }
    }

    @Test
    void shouldReportOffsetStatusesLikeRocketMq() throws Exception {
        store = MessageStore.open(small(dir).build());
        assertThat(store.getMessages("T", 0, 0, 1, 1024, null).status())
                .isEqualTo(GetStatus.NO_MATCHED_LOGIC_QUEUE);
        put(store, "T", 0, "a");
        awaitDispatched(store);
        assertThat(store.getMessages("T", 0, 1, 1, 1024, null).status())
                .isEqualTo(GetStatus.OFFSET_OVERFLOW_ONE);
        GetResult badly = store.getMessages("T", 0, 5, 1, 1024, null);
        assertThat(badly.status()).isEqualTo(GetStatus.OFFSET_OVERFLOW_BADLY);
        assertThat(badly.nextBeginOffset()).isEqualTo(1);
        assertThat(store.minOffset("T", 0)).isZero();
        assertThat(store.maxOffset("T", 0)).isEqualTo(1);
    }

    @Test
    void shouldFilterByTagsCodeAndSkipNonMatchingEntries() throws Exception {
        store = MessageStore.open(small(dir).build());
        store.put(record("T", 0, "x", props("TAGS", "TagA"))).join();
        store.put(record("T", 0, "y", props("TAGS", "TagB"))).join();
        awaitDispatched(store);
        long tagB = "TagB".hashCode();
        GetResult got = store.getMessages("T", 0, 0, 10, 1 << 20, code -> code == tagB);
        try {
            assertThat(got.messages()).hasSize(1);
            assertThat(TestRecords.body(got.messages().get(0))).isEqualTo("y");
            assertThat(got.nextBeginOffset()).isEqualTo(2);
        } finally {
            got.release();
        }
        GetResult none = store.getMessages("T", 0, 0, 10, 1 << 20, code -> false);
        assertThat(none.status()).isEqualTo(GetStatus.NO_MATCHED_MESSAGE);
    }

    @Test
    void shouldRollSegmentsWithEndOfFileBlankAndKeepReadingAcrossThem() throws Exception {
        store = MessageStore.open(small(dir).build());
        String body = "x".repeat(1000);
        List<PutResult> results = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            results.add(put(store, "T", 0, body + i));
        }
        awaitDispatched(store);
        try (var files = Files.list(dir.resolve("commitlog"))) {
            assertThat(files.count()).isGreaterThan(2);
        }
        assertThat(Files.exists(dir.resolve("commitlog").resolve("00000000000000065536"))).isTrue();
        for (int i = 0; i < 200; i += 17) {
            GetResult got = store.getMessages("T", 0, i, 1, 1 << 20, null);
            assertThat(TestRecords.body(got.messages().get(0))).isEqualTo(body + i);
            got.release();
            ByteBuf direct = store.getMessage(results.get(i).physicalOffset());
            assertThat(TestRecords.body(direct)).isEqualTo(body + i);
            direct.release();
        }
        assertThat(results.get(199).physicalOffset() % (64 * 1024)).isNotZero();
    }

    @Test
    void shouldAppendBatchContiguouslyWithConsecutiveQueueOffsets() throws Exception {
        store = MessageStore.open(small(dir).build());
        put(store, "T", 0, "first");
        List<EncodedRecord> batch = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            batch.add(record("T", 0, "b" + i, props("KEYS", "k" + i)));
        }
        PutResult result = store.putBatch(batch).join();
        assertThat(result.isOk()).isTrue();
        assertThat(result.queueOffset()).isEqualTo(1);
        assertThat(result.messageCount()).isEqualTo(5);
        awaitDispatched(store);
        GetResult got = store.getMessages("T", 0, 1, 10, 1 << 20, null);
        try {
            assertThat(got.messages()).hasSize(5);
            for (int i = 0; i < 5; i++) {
                assertThat(TestRecords.body(got.messages().get(i))).isEqualTo("b" + i);
                assertThat(TestRecords.queueOffset(got.messages().get(i))).isEqualTo(1 + i);
            }
        } finally {
            got.release();
        }
    }

    @Test
    void shouldFindMessagesByKeyAndUniqKeyAndVerifyTheKey() throws Exception {
        store = MessageStore.open(small(dir).build());
        store.put(record("T", 0, "one", props("KEYS", "order-1 order-2", "UNIQ_KEY", "U1"))).join();
        store.put(record("T", 1, "two", props("KEYS", "order-2"))).join();
        store.put(record("Other", 0, "three", props("KEYS", "order-2"))).join();
        awaitDispatched(store);
        QueryResult byKey = store.queryByKey("T", "order-2", 32, 0, Long.MAX_VALUE);
        assertThat(byKey.messages())
                .extracting(TestRecords::body)
                .containsExactlyInAnyOrder("one", "two");
        byKey.release();
        QueryResult byUniq = store.queryByKey("T", "U1", 32, 0, Long.MAX_VALUE);
        assertThat(byUniq.messages()).extracting(TestRecords::body).containsExactly("one");
        byUniq.release();
        QueryResult prefix = store.queryByKey("T", "order", 32, 0, Long.MAX_VALUE);
        assertThat(prefix.messages()).isEmpty();
    }

    @Test
    void shouldFindOffsetByStoreTimeAndReportStoreTimestamp() throws Exception {
        MutableClock clock = new MutableClock(1_000_000);
        store = MessageStore.open(small(dir).clock(clock).build());
        for (int i = 0; i < 10; i++) {
            clock.set(1_000_000 + i * 1000L);
            put(store, "T", 0, "m" + i);
        }
        awaitDispatched(store);
        assertThat(store.offsetByTime("T", 0, 1_003_000)).isEqualTo(3);
        assertThat(store.offsetByTime("T", 0, 1_003_500)).isEqualTo(4);
        assertThat(store.offsetByTime("T", 0, 0)).isZero();
        assertThat(store.offsetByTime("T", 0, 9_999_999)).isEqualTo(10);
        assertThat(store.storeTimestamp("T", 0, 7)).isEqualTo(1_007_000);
        assertThat(store.storeTimestamp("T", 0, 70)).isEqualTo(-1);
    }

    @Test
    void shouldTellArrivalListenerAboutEveryDispatchedRecord() throws Exception {
        List<String> arrivals = new CopyOnWriteArrayList<>();
        store =
                MessageStore.open(
                        small(dir)
                                .arrivalListener(
                                        (t, q, o, tags) ->
                                                arrivals.add(t + "/" + q + "/" + o + "/" + tags))
                                .build());
        put(store, "T", 3, "a");
        put(store, "T", 3, "b");
        Await.until(() -> arrivals.size() == 2, "two arrivals");
        long tag = "TagA".hashCode();
        assertThat(arrivals).containsExactly("T/3/0/" + tag, "T/3/1/" + tag);
    }

    @Test
    void shouldCompleteSyncPutsOnlyAfterFlush() throws Exception {
        store = MessageStore.open(small(dir).flushMode(FlushMode.SYNC).build());
        List<java.util.concurrent.CompletableFuture<PutResult>> futures = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            futures.add(store.put(record("T", i % 4, "m" + i, "")));
        }
        for (var future : futures) {
            PutResult result = future.join();
            assertThat(result.isOk()).isTrue();
        }
        awaitDispatched(store);
        GetResult got = store.getMessages("T", 0, 0, 100, 1 << 20, null);
        assertThat(got.messages()).hasSize(25);
        got.release();
    }

    @Test
    void shouldDeleteTopicQueuesAndRestartItsOffsets() throws Exception {
        store = MessageStore.open(small(dir).build());
        put(store, "T", 0, "a");
        put(store, "T", 0, "b");
        awaitDispatched(store);
        store.deleteTopic("T");
        assertThat(store.maxOffset("T", 0)).isZero();
        assertThat(Files.exists(dir.resolve("consumequeue").resolve("T"))).isFalse();
        assertThat(put(store, "T", 0, "c").queueOffset()).isZero();
    }

    @Test
    void shouldRejectRecordsTooLargeOrInconsistent() throws Exception {
        store = MessageStore.open(small(dir).maxRecordSize(2048).build());
        PutResult big = store.put(record("T", 0, "x".repeat(4000), "")).join();
        assertThat(big.status()).isEqualTo(PutStatus.MESSAGE_ILLEGAL);
        ByteBuf encoded = TestRecords.encode("T", 0, new byte[10], "");
        encoded.setInt(0, 999);
        assertThatThrownBy(() -> new EncodedRecord("T", 0, encoded))
                .isInstanceOf(IllegalArgumentException.class);
        ByteBuf other = TestRecords.encode("T", 0, new byte[10], "");
        assertThatThrownBy(() -> new EncodedRecord("U", 0, other))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void shouldRefuseASecondOpenOfTheSameDirectory() throws Exception {
        store = MessageStore.open(small(dir).build());
        assertThatThrownBy(() -> MessageStore.open(small(dir).build()))
                .hasMessageContaining("in use");
    }
}
