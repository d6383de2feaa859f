package io.bolide.store;

import static io.bolide.store.TestRecords.props;
import static io.bolide.store.TestRecords.record;
import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecordFilterTest {
    @TempDir Path dir;
    private MessageStore store;

    @AfterEach
    void closeStore() throws Exception {
        if (store != null) {
            store.close();
        }
    }

    @Test
    void shouldSkipRecordsTheRecordFilterRefusesAndStillAdvanceTheOffset() throws Exception {
        store = MessageStore.open(MessageStoreTest.small(dir).build());
        for (String body : new String[] {"keep-1", "drop-2", "keep-3", "drop-4"}) {
            store.put(record("T", 0, body, props("TAGS", "TagA"))).join();
        }
        MessageStoreTest.awaitDispatched(store);
        List<Integer> seenSizes = new ArrayList<>();
        GetResult got =
                store.getMessages(
                        "T",
                        0,
                        0,
                        10,
                        1 << 20,
                        null,
                        (ByteBuf r) -> {
                            seenSizes.add(r.readableBytes());
                            return TestRecords.body(r).startsWith("keep");
                        });
        try {
            assertThat(got.messages()).hasSize(2);
            assertThat(TestRecords.body(got.messages().get(0))).isEqualTo("keep-1");
            assertThat(TestRecords.body(got.messages().get(1))).isEqualTo("keep-3");
            assertThat(got.nextBeginOffset()).isEqualTo(4);
            assertThat(seenSizes).hasSize(4);
        } finally {
            got.release();
        }
    }

    @Test
    void shouldAnswerNoMatchedMessageWhenTheRecordFilterRefusesAll() throws Exception {
        store = MessageStore.open(MessageStoreTest.small(dir).build());
        store.put(record("T", 0, "a", props("TAGS", "TagA"))).join();
        MessageStoreTest.awaitDispatched(store);
        GetResult none = store.getMessages("T", 0, 0, 10, 1 << 20, code -> true, r -> false);
        assertThat(none.status()).isEqualTo(GetStatus.NO_MATCHED_MESSAGE);
        assertThat(none.nextBeginOffset()).isEqualTo(1);
    }
}
