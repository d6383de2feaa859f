package io.bolide.broker.consumer;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.protocol.body.MessageQueue;
import java.util.Set;
import org.junit.jupiter.api.Test;

class QueueLockTableTest {
    private static final MessageQueue Q0 = new MessageQueue("T", "b", 0);
    private static final MessageQueue Q1 = new MessageQueue("T", "b", 1);

    private long now = 1_000_000;
    private final QueueLockTable table = new QueueLockTable(60_000, () -> now);

    @Test
    void shouldGrantFreeQueuesAndRenewOwnLocks() {
        assertThat(table.lock("g", Set.of(Q0, Q1), "c1")).containsExactlyInAnyOrder(Q0, Q1);
        now += 59_000;
        assertThat(table.lock("g", Set.of(Q0), "c1")).containsExactly(Q0);
        now += 59_000;
        // Q0 was renewed 59 s ago and is still c1's; Q1 was last renewed 118 s ago.
        assertThat(table.lock("g", Set.of(Q0, Q1), "c2")).containsExactly(Q1);
        assertThat(table.holder("g", Q0)).isEqualTo("c1");
        assertThat(table.holder("g", Q1)).isEqualTo("c2");
    }

    @Test
    void shouldRefuseQueueHeldByLiveClient() {
        table.lock("g", Set.of(Q0), "c1");
        now += 60_000;
        assertThat(table.lock("g", Set.of(Q0, Q1), "c2")).containsExactly(Q1);
        assertThat(table.holder("g", Q0)).isEqualTo("c1");
    }

    @Test
    void shouldHandExpiredLockToAnotherClient() {
        table.lock("g", Set.of(Q0), "c1");
        now += 60_001;
        assertThat(table.holder("g", Q0)).isNull();
        assertThat(table.lock("g", Set.of(Q0), "c2")).containsExactly(Q0);
        assertThat(table.lock("g", Set.of(Q0), "c1")).isEmpty();
    }

    @Test
    void shouldReleaseOnlyTheCallersLocksOnUnlock() {
        table.lock("g", Set.of(Q0), "c1");
        table.lock("g", Set.of(Q1), "c2");
        table.unlock("g", Set.of(Q0, Q1), "c1");
        assertThat(table.holder("g", Q0)).isNull();
        assertThat(table.holder("g", Q1)).isEqualTo("c2");
        assertThat(table.lock("g", Set.of(Q0, Q1), "c3")).containsExactly(Q0);
    }

    @Test
    void shouldKeepGroupsApart() {
        table.lock("g1", Set.of(Q0), "c1");
        assertThat(table.lock("g2", Set.of(Q0), "c2")).containsExactly(Q0);
        table.unlock("unknown", Set.of(Q0), "c1");
        assertThat(table.holder("g1", Q0)).isEqualTo("c1");
    }
}
