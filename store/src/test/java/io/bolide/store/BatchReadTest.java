package io.bolide.store;

import static io.bolide.store.MessageStoreTest.awaitDispatched;
import static io.bolide.store.MessageStoreTest.put;
import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.testsupport.Await;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pulls of many entries keep their windows pinned across the batch: records come out whole and in
 * order across commit-log segments and consume-queue files, and no pin outlives the batch.
 */
class BatchReadTest {
    @TempDir Path dir;
    private MessageStore store;

    @AfterEach
    void close() throws Exception {
        store.close();
    }

    @Test
    void shouldReadBatchesAcrossSegmentsAndQueueFilesAndLeaveNoPin() throws Exception {
        store = MessageStore.open(MessageStoreTest.small(dir).mappedMemoryLimit(16 << 20).build());
        String body = "y".repeat(700);
        for (int i = 0; i < 600; i++) {
            put(store, "T", i % 3, body + i);
        }
        awaitDispatched(store);
        for (int queue = 0; queue < 3; queue++) {
            long next = 0;
            while (next < 200) {
                GetResult got = store.getMessages("T", queue, next, 32, 1 << 20, null);
                assertThat(got.status()).isEqualTo(GetStatus.FOUND);
                assertThat(store.mappedUsers())
                        .as("only the slices handed out hold their windows")
                        .isGreaterThanOrEqualTo(got.messages().size());
                for (int i = 0; i < got.messages().size(); i++) {
                    long offset = next + i;
                    assertThat(TestRecords.body(got.messages().get(i)))
                            .isEqualTo(body + (offset * 3 + queue));
                }
                next = got.nextBeginOffset();
                got.release();
                // The flush and checkpoint agents pin briefly too, so wait them out.
                Await.until(() -> store.mappedUsers() == 0, "every pin released");
            }
        }
    }
}
