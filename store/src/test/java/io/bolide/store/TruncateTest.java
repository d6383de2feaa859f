package io.bolide.store;

import static io.bolide.store.MessageStoreTest.awaitDispatched;
import static io.bolide.store.MessageStoreTest.put;
import static io.bolide.store.MessageStoreTest.small;
import static io.bolide.store.TestRecords.body;
import static io.bolide.store.TestRecords.queueOffset;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Cutting a store back to an offset: log, consume queues, next queue offsets, recovery. */
class TruncateTest {
    @TempDir Path dir;
    private MessageStore store;

    @AfterEach
    void close() throws Exception {
        if (store != null) {
            store.close();
        }
    }

    @Test
    void shouldCutLogAndQueuesAndContinueTheQueueOffsetsFromTheCut() throws Exception {
        store = MessageStore.open(small(dir).build());
        for (int i = 0; i < 10; i++) {
            put(store, "T", i % 2, "keep-" + i);
        }
        long cut = store.maxPhysicalOffset();
        for (int i = 0; i < 600; i++) {
            // Enough to fill several 64 KiB segments, and a topic that exists only past the cut.
            put(store, i % 3 == 0 ? "Gone" : "T", i % 2, "cut-" + i + "-" + "x".repeat(200));
        }
        awaitDispatched(store);
        assertThat(store.truncateTo(cut)).isEqualTo(cut);
        assertThat(store.maxPhysicalOffset()).isEqualTo(cut);
        assertThat(store.maxOffset("T", 0)).isEqualTo(5);
        assertThat(store.maxOffset("T", 1)).isEqualTo(5);
        assertThat(store.maxOffset("Gone", 0)).isZero();
        PutResult next = put(store, "T", 0, "after");
        assertThat(next.physicalOffset()).isEqualTo(cut);
        assertThat(next.queueOffset()).isEqualTo(5);
        assertThat(put(store, "Gone", 1, "again").queueOffset()).isZero();
        awaitDispatched(store);
        assertThat(bodies("T", 0))
                .containsExactly("keep-0", "keep-2", "keep-4", "keep-6", "keep-8", "after");
        store.close();
        store = MessageStore.open(small(dir).build());
        assertThat(bodies("T", 0)).endsWith("after").hasSize(6);
        assertThat(store.maxOffset("Gone", 1)).isEqualTo(1);
        assertThat(put(store, "T", 0, "later").queueOffset()).isEqualTo(6);
    }

    @Test
    void shouldSurviveACrashRightAfterTheCut() throws Exception {
        store = MessageStore.open(small(dir).build());
        put(store, "T", 0, "a");
        long cut = store.maxPhysicalOffset();
        put(store, "T", 0, "b");
        put(store, "T", 0, "c");
        awaitDispatched(store);
        store.truncateTo(cut);
        store.halt();
        store = MessageStore.open(small(dir).build());
        assertThat(store.maxPhysicalOffset()).isEqualTo(cut);
        assertThat(bodies("T", 0)).containsExactly("a");
    }

    @Test
    void shouldCutAReplicaAndLetItCopyAnotherHistory() throws Exception {
        Path masterDir = dir.resolve("master");
        store = MessageStore.open(small(dir.resolve("replica")).replica(true).build());
        try (MessageStore master = MessageStore.open(small(masterDir).build())) {
            put(master, "T", 0, "shared");
            copy(master, store, 0);
            long common = store.maxPhysicalOffset();
            // The replica got a record of a term the new master never saw...
            try (MessageStore other = MessageStore.open(small(dir.resolve("old")).build())) {
                put(other, "T", 0, "shared");
                put(other, "T", 0, "divergent");
                copy(other, store, common);
            }
            awaitDispatched(store);
            assertThat(bodies("T", 0)).containsExactly("shared", "divergent");
            // ...cut back to the common end, it carries exactly the new master's records.
            store.truncateTo(common);
            put(master, "T", 0, "new-1");
            put(master, "T", 0, "new-2");
            copy(master, store, common);
            awaitDispatched(store);
            assertThat(bodies("T", 0)).containsExactly("shared", "new-1", "new-2");
            assertThat(store.maxPhysicalOffset()).isEqualTo(master.maxPhysicalOffset());
        }
    }

    @Test
    void shouldTurnAReplicaHoldingPartOfARecordIntoAMasterAndBack() throws Exception {
        store = MessageStore.open(small(dir.resolve("replica")).replica(true).build());
        try (MessageStore master = MessageStore.open(small(dir.resolve("master")).build())) {
            put(master, "T", 0, "one");
            long whole = master.maxPhysicalOffset();
            put(master, "T", 0, "two");
            ByteBuf slice = master.transferSlice(0, (int) whole + 10);
            try {
                store.appendReplicated(0, slice);
            } finally {
                slice.release();
            }
        }
        assertThat(put(store, "T", 0, "refused").isOk()).isFalse();
        long whole = store.maxPhysicalOffset() - 10;
        store.changeRole(false);
        assertThat(store.isReplica()).isFalse();
        assertThat(store.maxPhysicalOffset()).isEqualTo(whole);
        PutResult mine = put(store, "T", 0, "mine");
        assertThat(mine.physicalOffset()).isEqualTo(whole);
        assertThat(mine.queueOffset()).isEqualTo(1);
        awaitDispatched(store);
        assertThat(bodies("T", 0)).containsExactly("one", "mine");
        store.changeRole(true);
        assertThat(put(store, "T", 0, "refused").isOk()).isFalse();
    }

    @Test
    void shouldRefuseACutBelowTheFirstByteHeld() throws Exception {
        store = MessageStore.open(small(dir).build());
        put(store, "T", 0, "a");
        assertThat(store.truncateTo(1 << 30)).isEqualTo(store.maxPhysicalOffset());
        assertThatThrownBy(() -> store.truncateTo(-1)).isInstanceOf(IOException.class);
    }

    private static void copy(MessageStore from, MessageStore to, long offset) throws IOException {
        long at = offset;
        ByteBuf slice;
        while ((slice = from.transferSlice(at, 1 << 20)) != null) {
            try {
                at = to.appendReplicated(at, slice);
            } finally {
                slice.release();
            }
        }
    }

    private List<String> bodies(String topic, int queue) {
        GetResult got = store.getMessages(topic, queue, 0, 1000, 1 << 24, null);
        List<String> out = new ArrayList<>();
        try {
            for (ByteBuf record : got.messages()) {
                out.add(body(record));
                assertThat(queueOffset(record)).isEqualTo(out.size() - 1);
            }
        } finally {
            got.release();
        }
        return out;
    }
}
