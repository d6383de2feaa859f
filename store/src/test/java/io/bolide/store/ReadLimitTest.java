package io.bolide.store;

import static io.bolide.store.MessageStoreTest.awaitDispatched;
import static io.bolide.store.MessageStoreTest.put;
import static io.bolide.store.MessageStoreTest.small;
import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.testsupport.Await;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How far consumers may read: held, followed up, cut down, lifted. */
class ReadLimitTest {
    @TempDir Path dir;
    private MessageStore store;

    @AfterEach
    void close() throws Exception {
        if (store != null) {
            store.close();
        }
    }

    @Test
    void shouldDispatchOnlyUpToTheLimitAndFollowItUpButNeverDown() throws Exception {
        store = MessageStore.open(small(dir).build());
        assertThat(store.readLimit().held()).isFalse();
        long[] held = heldAfterA();
        long afterA = held[0];
        long afterB = held[1];

        // A role change dispatches everything it may before it returns: here, nothing past a.
        store.changeRole(true);
        assertThat(store.dispatchedOffset()).isEqualTo(afterA);
        assertThat(store.maxOffset("T", 0)).isEqualTo(1);

        store.readLimit().follow(afterB);
        Await.until(() -> store.maxOffset("T", 0) == 2, "b to become readable");
        store.readLimit().follow(afterA);
        assertThat(store.readLimit().end()).isEqualTo(afterB);

        // Lifted, all is readable, and a master takes its next queue offset after all of it.
        store.readLimit().lift();
        store.changeRole(false);
        assertThat(store.maxOffset("T", 0)).isEqualTo(3);
        assertThat(put(store, "T", 0, "d").queueOffset()).isEqualTo(3);
        store.readLimit().follow(1);
        assertThat(store.readLimit().held()).as("follow does not hold").isFalse();
    }

    @Test
    void shouldLowerAHeldLimitToACutAndLeaveAnUnheldOneUnheld() throws Exception {
        store = MessageStore.open(small(dir).build());
        put(store, "T", 0, "a");
        long afterA = store.maxPhysicalOffset();
        put(store, "T", 0, "b");
        long afterB = store.maxPhysicalOffset();
        put(store, "T", 0, "c");
        awaitDispatched(store);

        store.truncateTo(afterB);
        assertThat(store.readLimit().held()).as("a cut does not hold").isFalse();
        assertThat(store.maxOffset("T", 0)).isEqualTo(2);

        store.readLimit().holdAt(afterB);
        store.truncateTo(afterA);
        assertThat(store.readLimit().end()).isEqualTo(afterA);
        assertThat(store.maxOffset("T", 0)).isEqualTo(1);
    }

    @Test
    void shouldKeepAHeldTailUnreadableWhenAReplicaOpensAgainButNotAMaster() throws Exception {
        store = MessageStore.open(small(dir).build());
        long[] held = heldAfterA();
        long afterA = held[0];
        long afterB = held[1];
        store.changeRole(true);
        store.close();

        // A role switch reopens the store: the tail nobody confirmed must stay unreadable.
        store = MessageStore.open(small(dir).replica(true).holdReadsAtOpen(true).build());
        assertThat(store.readLimit().end()).isEqualTo(afterA);
        assertThat(store.maxOffset("T", 0)).isEqualTo(1);
        store.readLimit().follow(afterB);
        Await.until(() -> store.maxOffset("T", 0) == 2, "b to become readable");
        store.close();

        // Opened as a master, the log is the group's: all of it readable, next offsets after it.
        store = MessageStore.open(small(dir).holdReadsAtOpen(true).build());
        assertThat(store.readLimit().held()).isFalse();
        assertThat(store.maxOffset("T", 0)).isEqualTo(3);
        assertThat(put(store, "T", 0, "d").queueOffset()).isEqualTo(3);
    }

    /**
     * Writes a, holds reads after it, writes b and c.
     *
     * @return the commit-log offsets after a and after b
     */
    private long[] heldAfterA() throws Exception {
        put(store, "T", 0, "a");
        awaitDispatched(store);
        long afterA = store.maxPhysicalOffset();
        store.readLimit().holdAt(afterA);
        put(store, "T", 0, "b");
        long afterB = store.maxPhysicalOffset();
        put(store, "T", 0, "c");
        return new long[] {afterA, afterB};
    }
}
