package io.bolide.store;

import static io.bolide.store.StoreParts.SEGMENT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bolide.testsupport.MutableClock;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A replica killed in the middle of copying a transfer: at every byte the copy writes, recovery
 * must end at a record boundary and keep only records whose every byte is the master's.
 */
class TornReplicaTest {
    @TempDir Path dir;
    private CommitLog master;
    private final List<Long> boundaries = new ArrayList<>();

    @BeforeEach
    void fillMaster() {
        master = StoreParts.commitLog(dir.resolve("master"));
        master.recoveredTo(0);
        boundaries.add(0L);
        // Varied sizes, with and without properties, into a second segment (a blank at the end of
        // the first).
        for (int i = 0; master.writtenOffset() < SEGMENT + 600; i++) {
            String props = i % 3 == 0 ? "" : TestRecords.props("KEYS", "k" + i, "TAGS", "t");
            PutResult r =
                    master.append(
                            TestRecords.record(
                                    "T" + i % 4, i % 2, "b".repeat(i * 37 % 300), props));
            assertThat(r.isOk()).isTrue();
            if (r.physicalOffset() != boundaries.get(boundaries.size() - 1)) {
                boundaries.add(r.physicalOffset());
            }
            boundaries.add(r.physicalOffset() + r.wroteBytes());
        }
    }

    @AfterEach
    void close() throws Exception {
        master.chain().close();
    }

    @Test
    void shouldRecoverToWholeRecordsWhereverACopyInTheMiddleOfASegmentIsKilled() throws Exception {
        // The earlier transfer ends inside a TOTALSIZE field, the killed one inside a record.
        long cut = boundaries.get(3) + 2;
        killEverywhere(cut, boundaries.get(6) + 50);
    }

    @Test
    void shouldRecoverToWholeRecordsWhereverACopyEndingASegmentIsKilled() throws Exception {
        // The earlier transfer ends inside a record; the killed one completes it and brings the
        // blank at the segment's end.
        long blank = boundaries.stream().filter(b -> b < SEGMENT).reduce((a, b) -> b).get();
        long cut = blank - 40;
        assertThat(boundaries).doesNotContain(cut);
        killEverywhere(cut, SEGMENT);
    }

    @Test
    void shouldRefuseARecordThatCannotFitItsSegmentWithoutWriting() throws Exception {
        CommitLog replica = replica(dir.resolve("refused"));
        ByteBuf bytes = slice(0, (int) (long) boundaries.get(2));
        try {
            bytes.setInt(bytes.readerIndex() + (int) (long) boundaries.get(1), SEGMENT);
            long before = replica.writtenOffset();
            assertThatThrownBy(() -> replica.appendReplicated(0, bytes))
                    .hasMessageContaining("declares " + SEGMENT + " bytes");
            assertThat(replica.writtenOffset()).isEqualTo(before);
            ByteBuf whole = slice(0, (int) (long) boundaries.get(1));
            try {
                assertThat(replica.appendReplicated(0, whole)).isEqualTo(boundaries.get(1));
            } finally {
                whole.release();
            }
        } finally {
            bytes.release();
            replica.chain().close();
        }
    }

    @Test
    void shouldRefuseBytesThatEndASegmentInsideARecord() throws Exception {
        CommitLog replica = replica(dir.resolve("unfinished"));
        ByteBuf bytes = slice(0, SEGMENT);
        long blank = boundaries.stream().filter(b -> b < SEGMENT).reduce((a, b) -> b).get();
        // The blank at the segment's end claims 3 bytes too few: 3 bytes cannot begin a record.
        bytes.setInt((int) blank, SEGMENT - (int) blank - 3);
        try {
            assertThatThrownBy(() -> replica.appendReplicated(0, bytes))
                    .hasMessageContaining("do not fit segment");
            assertThat(replica.writtenOffset()).isZero();
        } finally {
            bytes.release();
            replica.chain().close();
        }
    }

    /** For every prefix of the copy of {@code [cut, until)}, a fresh replica killed there. */
    private void killEverywhere(long cut, long until) throws Exception {
        long firstWhole = boundaries.stream().filter(b -> b <= cut).reduce((a, b) -> b).get();
        int kills = 0;
        for (long budget = 0; ; budget++) {
            Path root = dir.resolve("kill-" + budget);
            CommitLog replica = replica(root);
            ship(replica, 0, cut, Long.MAX_VALUE);
            assertThat(replica.recordsEnd()).isEqualTo(firstWhole);
            long done = ship(replica, cut, until, budget);
            long live = replica.recordsEnd();
            replica.chain().close();
            long end = recoverReplica(root);
            assertThat(boundaries).as("kill after %d bytes", budget).contains(end);
            assertThat(end).as("kill after %d bytes", budget).isBetween(firstWhole, until);
            if (done >= 0) {
                assertThat(end).isEqualTo(live).isEqualTo(until == SEGMENT ? SEGMENT : live);
                assertThat(kills).isGreaterThan((int) (until - cut));
                return;
            }
            kills++;
        }
    }

    private long recoverReplica(Path root) throws Exception {
        CommitLog log = replicaLog(root);
        try {
            log.chain().load();
            // Recovery's verdict without its clean-up (zeroing the tail forces it to the disk,
            // thousands of times here).
            long end = CommitLogRecovery.scan(log.chain(), 0);
            assertSameBytes(log, end);
            assertEverySizedRecordWhole(log);
            return end;
        } finally {
            log.chain().close();
        }
    }

    /**
     * What the copy itself guarantees, whatever recovery checks: a record start shows a TOTALSIZE
     * only when every byte of the record is there.
     */
    private void assertEverySizedRecordWhole(CommitLog replica) {
        for (int i = 0; i + 1 < boundaries.size(); i++) {
            long at = boundaries.get(i);
            MappedSegment segment = replica.chain().find(at);
            if (segment == null) {
                return;
            }
            int size = StoredRecordFlyweight.totalSize(segment.buffer(), (int) (at % SEGMENT));
            if (size != 0) {
                long recordEnd = boundaries.get(i + 1);
                assertThat(size).as("TOTALSIZE at %d", at).isEqualTo(recordEnd - at);
                assertSameBytes(replica, at, recordEnd);
            }
        }
    }

    /** Every byte the recovered replica keeps is the master's. */
    private void assertSameBytes(CommitLog replica, long end) {
        assertSameBytes(replica, 0, end);
    }

    private void assertSameBytes(CommitLog replica, long from, long end) {
        for (long at = from; at < end; ) {
            int length = (int) Math.min(end - at, SEGMENT - at % SEGMENT);
            ByteBuf theirs = slice(at, length);
            ByteBuf ours = replica.chain().find(at).retainedSlice((int) (at % SEGMENT), length);
            try {
                assertThat(ByteBufUtil.equals(theirs, ours)).as("bytes at %d", at).isTrue();
            } finally {
                theirs.release();
                ours.release();
            }
            at += length;
        }
    }

    /**
     * Appends {@code [from, until)} as two pieces of a composite buffer (the piece-by-piece path;
     * {@link ReplicatedAppendTest} ships single slices, the one-view path).
     */
    private long ship(CommitLog replica, long from, long until, long budget) throws Exception {
        int half = (int) (until - from) / 2;
        ByteBuf bytes =
                Unpooled.wrappedBuffer(
                        slice(from, half), slice(from + half, (int) (until - from) - half));
        try {
            return replica.appendReplicated(from, bytes, budget);
        } finally {
            bytes.release();
        }
    }

    private ByteBuf slice(long from, int length) {
        ByteBuf slice = master.transferSlice(from, length);
        assertThat(slice.readableBytes()).isEqualTo(length);
        // A copy: the tests may change it, and the master's mapping must stay as it is.
        ByteBuf copy = Unpooled.copiedBuffer(slice);
        slice.release();
        return copy;
    }

    /** An empty replica's commit log, as recovery leaves it. */
    private static CommitLog replica(Path root) {
        CommitLog log = replicaLog(root);
        log.recoveredTo(0);
        return log;
    }

    private static CommitLog replicaLog(Path root) {
        StoreConfig config =
                StoreConfig.builder(root)
                        .segmentSize(SEGMENT)
                        .replica(true)
                        .clock(new MutableClock(StoreParts.EPOCH))
                        .build();
        return new CommitLog(StoreParts.chain(root), config, new StoreFailure());
    }
}
