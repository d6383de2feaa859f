package io.bolide.store;

import static io.bolide.store.TestRecords.props;
import static io.bolide.store.TestRecords.record;
import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.testsupport.Await;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecoveryTest {
    @TempDir Path dir;
    private MessageStore store;

    @AfterEach
    void closeStore() throws Exception {
        if (store != null) {
            store.close();
        }
    }

    /** No periodic checkpoint: whatever a "crash" leaves is beyond the last safe point. */
    private StoreConfig config() {
        return MessageStoreTest.small(dir).checkpointIntervalMs(3_600_000).build();
    }

    private List<PutResult> fill(int count) {
        List<PutResult> results = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            results.add(store.put(record("T", i % 2, "body-" + i, props("KEYS", "k" + i))).join());
        }
        MessageStoreTest.awaitDispatched(store);
        return results;
    }

    private void assertAllReadable(int count) {
        for (int i = 0; i < count; i++) {
            GetResult got = store.getMessages("T", i % 2, i / 2, 1, 1 << 20, null);
            try {
                assertThat(got.status()).as("message %d", i).isEqualTo(GetStatus.FOUND);
                assertThat(TestRecords.body(got.messages().get(0))).isEqualTo("body-" + i);
            } finally {
                got.release();
            }
        }
    }

    @Test
    void shouldKeepMessagesAndContinueQueueOffsetsAfterCleanRestart() throws Exception {
        store = MessageStore.open(config());
        fill(40);
        store.close();
        assertThat(Files.exists(dir.resolve("abort"))).isFalse();
        store = MessageStore.open(config());
        assertAllReadable(40);
        assertThat(store.put(record("T", 0, "next", "")).join().queueOffset()).isEqualTo(20);
        assertThat(store.queryByKey("T", "k7", 8, 0, Long.MAX_VALUE).messages()).hasSize(1);
    }

    @Test
    void shouldRebuildConsumeQueuesAfterCrash() throws Exception {
        store = MessageStore.open(config());
        fill(40);
        store.halt();
        assertThat(Files.exists(dir.resolve("abort"))).isTrue();
        deleteTree(dir.resolve("consumequeue"));
        store = MessageStore.open(config());
        assertAllReadable(40);
        assertThat(store.put(record("T", 1, "next", "")).join().queueOffset()).isEqualTo(20);
    }

    @Test
    void shouldTruncateGarbledCommitLogTailAfterCrashAndReuseItsOffsets() throws Exception {
        store = MessageStore.open(config());
        List<PutResult> results = fill(40);
        store.halt();
        PutResult last = results.get(39);
        garble(segmentOf(last.physicalOffset()), last.physicalOffset() % (64 * 1024) + 90, 4);

        store = MessageStore.open(config());
        assertAllReadable(39);
        assertThat(store.maxOffset("T", 1)).isEqualTo(19);
        assertThat(store.maxPhysicalOffset()).isEqualTo(last.physicalOffset());
        PutResult again = store.put(record("T", 1, "again", "")).join();
        assertThat(again.queueOffset()).isEqualTo(19);
        assertThat(again.physicalOffset()).isEqualTo(last.physicalOffset());
    }

    @Test
    void shouldDropRecordCutShortByTruncatedSegmentFile() throws Exception {
        store = MessageStore.open(config());
        List<PutResult> results = fill(10);
        store.halt();
        PutResult last = results.get(9);
        Path segment = segmentOf(last.physicalOffset());
        try (FileChannel ch = FileChannel.open(segment, StandardOpenOption.WRITE)) {
            ch.truncate(last.physicalOffset() % (64 * 1024) + 20);
        }
        store = MessageStore.open(config());
        assertAllReadable(9);
        assertThat(store.maxOffset("T", 1)).isEqualTo(4);
        assertThat(Files.size(segment)).isEqualTo(64 * 1024);
    }

    @Test
    void shouldRebuildGarbledConsumeQueueTailAfterCrash() throws Exception {
        store = MessageStore.open(config());
        fill(40);
        store.halt();
        Path queueFile = dir.resolve("consumequeue/T/0/00000000000000000000");
        garble(queueFile, 19 * 20, 20);
        garble(queueFile, 21 * 20, 40);
        store = MessageStore.open(config());
        assertAllReadable(40);
        assertThat(store.maxOffset("T", 0)).isEqualTo(20);
    }

    @Test
    void shouldDropGarbledConsumeQueueTailEvenAfterCleanShutdown() throws Exception {
        store = MessageStore.open(config());
        fill(40);
        store.close();
        garble(dir.resolve("consumequeue/T/0/00000000000000000000"), 19 * 20, 8);
        store = MessageStore.open(config());
        assertThat(store.maxOffset("T", 0)).isEqualTo(19);
        assertAllReadable(37);
        GetResult tail = store.getMessages("T", 0, 18, 10, 1 << 20, null);
        assertThat(tail.messages()).hasSize(1);
        tail.release();
    }

    @Test
    void shouldNotRescanWhatTheCheckpointVouchesFor() throws Exception {
        StoreConfig frequent = MessageStoreTest.small(dir).checkpointIntervalMs(10).build();
        store = MessageStore.open(frequent);
        fill(40);
        long end = store.maxPhysicalOffset();
        Await.until(() -> checkpointCovers(end), "the checkpoint to cover the end");
        store.halt();
        // Damage a record the checkpoint vouches for: a rescan from the start would stop there
        // and drop the 39 records after it; recovery that starts at the checkpoint keeps them.
        garble(segmentOf(0), 90, 4);
        store = MessageStore.open(frequent);
        assertThat(store.maxPhysicalOffset()).isEqualTo(end);
        assertThat(store.maxOffset("T", 0)).isEqualTo(20);
        assertThat(store.maxOffset("T", 1)).isEqualTo(20);
    }

    private boolean checkpointCovers(long end) {
        try (Checkpoint checkpoint = Checkpoint.open(dir.resolve("checkpoint"))) {
            return checkpoint.commitLogSafe() >= end && checkpoint.dispatchSafe() >= end;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private Path segmentOf(long phys) {
        long base = phys - phys % (64 * 1024);
        return dir.resolve("commitlog").resolve(StoreFiles.name(base));
    }

    private static void garble(Path file, long position, int length) throws IOException {
        byte[] junk = new byte[length];
        for (int i = 0; i < length; i++) {
            junk[i] = (byte) (0x5A ^ i * 31);
        }
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap(junk), position);
        }
    }

    private static void deleteTree(Path root) throws IOException {
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.sorted((a, b) -> b.getNameCount() - a.getNameCount()).toList()) {
                Files.delete(p);
            }
        }
    }
}
