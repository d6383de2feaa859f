package io.bolide.store;

import static io.bolide.store.MessageStoreTest.awaitDispatched;
import static io.bolide.store.MessageStoreTest.put;
import static io.bolide.store.MessageStoreTest.small;
import static io.bolide.store.TestRecords.body;
import static io.bolide.store.TestRecords.queueOffset;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bolide.testsupport.Await;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A replica's commit log: bytes shipped from a master's, appended at exactly its end. */
class ReplicatedAppendTest {
    private static final int SEGMENT = 64 * 1024;

    @TempDir Path masterDir;
    @TempDir Path replicaDir;
    private MessageStore master;
    private MessageStore replica;

    @AfterEach
    void close() throws Exception {
        if (master != null) {
            master.close();
        }
        if (replica != null) {
            replica.close();
        }
    }

    private MessageStore openReplica() throws IOException {
        return MessageStore.open(small(replicaDir).replica(true).build());
    }

    /** Ships everything the master has from the replica's end, in pieces of at most {@code max}. */
    private void ship(int max) throws IOException {
        ship(max, false);
    }

    private void ship(int max, boolean fromZero) throws IOException {
        long from = replica.maxPhysicalOffset();
        if (from == 0 && !fromZero) {
            long end = master.maxPhysicalOffset();
            from = end - end % master.segmentSize();
        }
        ByteBuf slice;
        while ((slice = master.transferSlice(from, max)) != null) {
            try {
                from = replica.appendReplicated(from, slice);
            } finally {
                slice.release();
            }
        }
    }

    @Test
    void shouldRebuildQueuesFromBytesShippedInPiecesAcrossSegments() throws Exception {
        master = MessageStore.open(small(masterDir).build());
        replica = openReplica();
        for (int i = 0; i < 300; i++) {
            put(master, "T", i % 2, "message-" + i + "-".repeat(200));
        }
        assertThat(master.maxPhysicalOffset()).isGreaterThan(SEGMENT);
        // Odd piece sizes split records: dispatch must wait for the rest of each.
        ship(777, true);
        assertThat(replica.maxPhysicalOffset()).isEqualTo(master.maxPhysicalOffset());
        awaitDispatched(replica);
        assertThat(replica.maxOffset("T", 0)).isEqualTo(150);
        assertThat(replica.maxOffset("T", 1)).isEqualTo(150);
        GetResult got = replica.getMessages("T", 1, 149, 1, 1 << 20, null);
        try {
            assertThat(body(got.messages().get(0))).startsWith("message-299-");
            assertThat(queueOffset(got.messages().get(0))).isEqualTo(149);
        } finally {
            got.release();
        }
        assertSameBytes(master.minPhysicalOffset(), master.maxPhysicalOffset());
    }

    private void assertSameBytes(long from, long to) {
        for (long at = from; at < to; ) {
            ByteBuf a = master.transferSlice(at, 4096);
            ByteBuf b = replica.transferSlice(at, 4096);
            try {
                assertThat(ByteBufUtil.equals(a, b)).as("bytes at %d", at).isTrue();
                at += a.readableBytes();
            } finally {
                a.release();
                b.release();
            }
        }
    }

    @Test
    void shouldStartAnEmptyReplicaAtTheMastersLastSegment() throws Exception {
        master = MessageStore.open(small(masterDir).build());
        replica = openReplica();
        for (int i = 0; i < 400; i++) {
            put(master, "T", 0, "m" + i + "-".repeat(300));
        }
        long lastBase = master.maxPhysicalOffset() - master.maxPhysicalOffset() % SEGMENT;
        assertThat(lastBase).isPositive();
        ship(32 * 1024);
        assertThat(replica.minPhysicalOffset()).isEqualTo(lastBase);
        awaitDispatched(replica);
        assertThat(replica.maxOffset("T", 0)).isEqualTo(400);
        assertThat(replica.minOffset("T", 0)).isPositive();
    }

    @Test
    void shouldRefuseAGapAnOverlapAndACrossingWithoutWriting() throws Exception {
        replica = openReplica();
        ByteBuf bytes = TestRecords.encode("T", 0, new byte[10], "");
        int size = bytes.readableBytes();
        assertThatThrownBy(() -> replica.appendReplicated(10, bytes))
                .hasMessageContaining("off its boundary");
        replica.appendReplicated(0, bytes);
        assertThatThrownBy(() -> replica.appendReplicated(50, bytes))
                .hasMessageContaining("commit log ends at " + size);
        assertThatThrownBy(() -> replica.appendReplicated(size + 100, bytes))
                .hasMessageContaining("commit log ends at " + size);
        ByteBuf tooLong = Unpooled.wrappedBuffer(new byte[SEGMENT]);
        assertThatThrownBy(() -> replica.appendReplicated(size, tooLong))
                .hasMessageContaining("cross the end of segment");
        assertThat(replica.maxPhysicalOffset()).isEqualTo(size);
        awaitDispatched(replica);
        assertThat(replica.maxOffset("T", 0)).isEqualTo(1);
        assertThat(replica.failure()).isNull();
    }

    @Test
    void shouldRefuseLocalPutsOnAReplica() throws Exception {
        replica = openReplica();
        PutResult result = put(replica, "T", 0, "x");
        assertThat(result.status()).isEqualTo(PutStatus.SERVICE_NOT_AVAILABLE);
        assertThat(replica.maxPhysicalOffset()).isZero();
    }

    @Test
    void shouldRecoverAReplicaTornMidRecordAndResumeFromItsEnd() throws Exception {
        master = MessageStore.open(small(masterDir).build());
        replica = openReplica();
        for (int i = 0; i < 50; i++) {
            put(master, "T", 0, "r" + i + "-".repeat(100));
        }
        long end = master.maxPhysicalOffset();
        ByteBuf most = master.transferSlice(0, (int) end - 30);
        try {
            replica.appendReplicated(0, most);
        } finally {
            most.release();
        }
        Await.until(() -> replica.maxOffset("T", 0) == 49, "49 whole records dispatched");
        replica.halt();
        replica = openReplica();
        long resumed = replica.maxPhysicalOffset();
        assertThat(resumed).isLessThan(end - 30);
        ship(1000);
        awaitDispatched(replica);
        assertThat(replica.maxPhysicalOffset()).isEqualTo(end);
        assertThat(replica.maxOffset("T", 0)).isEqualTo(50);
        assertSameBytes(0, end);
    }

    @Test
    void shouldStopCleanlyHoldingPartOfARecordAndResumeAtItsStart() throws Exception {
        master = MessageStore.open(small(masterDir).build());
        replica = openReplica();
        for (int i = 0; i < 20; i++) {
            put(master, "T", 0, "c" + i + "-".repeat(100));
        }
        long end = master.maxPhysicalOffset();
        long cut = end - 30;
        ByteBuf most = master.transferSlice(0, (int) cut);
        try {
            assertThat(replica.appendReplicated(0, most)).isEqualTo(cut);
        } finally {
            most.release();
        }
        // What the replica received is its end; only whole records are dispatched and vouched for.
        assertThat(replica.maxPhysicalOffset()).isEqualTo(cut);
        Await.until(() -> replica.maxOffset("T", 0) == 19, "19 whole records dispatched");
        replica.close();
        replica = openReplica();
        long resumed = replica.maxPhysicalOffset();
        assertThat(resumed).isLessThan(cut).isGreaterThan(cut - 200);
        assertThat(replica.maxOffset("T", 0)).isEqualTo(19);
        ship(1000);
        awaitDispatched(replica);
        assertThat(replica.maxOffset("T", 0)).isEqualTo(20);
        assertSameBytes(0, end);
    }
}
