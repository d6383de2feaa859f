package io.bolide.store;

import static io.bolide.store.StoreParts.EPOCH;
import static io.bolide.store.StoreParts.SEGMENT;
import static io.bolide.store.StoreParts.append;
import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.testsupport.MutableClock;
import io.netty.buffer.ByteBuf;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The commit log alone: offsets, segment rolling, batches, reads and flushing. */
class CommitLogTest {
    @TempDir Path dir;
    private final MutableClock clock = new MutableClock(EPOCH);
    private final StoreFailure failure = new StoreFailure();
    private CommitLog log;

    @AfterEach
    void close() throws Exception {
        if (log != null) {
            log.chain().close();
        }
    }

    private CommitLog open(FlushMode mode) {
        log = StoreParts.commitLog(dir, mode, clock, failure);
        return log;
    }

    @Test
    void shouldPlaceRecordsBackToBackAndCountQueueOffsetsPerQueue() {
        open(FlushMode.ASYNC);
        PutResult a = append(log, "T", 0, "a");
        PutResult b = append(log, "T", 0, "b");
        PutResult c = append(log, "T", 3, "c");
        PutResult d = append(log, "U", 0, "d");
        assertThat(a.physicalOffset()).isZero();
        assertThat(b.physicalOffset()).isEqualTo(a.wroteBytes());
        assertThat(c.physicalOffset()).isEqualTo(b.physicalOffset() + b.wroteBytes());
        assertThat(List.of(a.queueOffset(), b.queueOffset(), c.queueOffset(), d.queueOffset()))
                .containsExactly(0L, 1L, 0L, 0L);
        assertThat(log.writtenOffset()).isEqualTo(d.physicalOffset() + d.wroteBytes());
    }

    @Test
    void shouldStampRecordsWithTheStoreClockAndTheirOwnOffsets() {
        open(FlushMode.ASYNC);
        append(log, "T", 0, "first");
        clock.set(EPOCH + 5_000);
        PutResult second = append(log, "T", 0, "second");
        assertThat(second.storeTimestamp()).isEqualTo(EPOCH + 5_000);
        ByteBuf stored = LogReads.read(log, second.physicalOffset(), second.wroteBytes());
        try {
            assertThat(TestRecords.storeTimestamp(stored)).isEqualTo(EPOCH + 5_000);
            assertThat(TestRecords.physicalOffset(stored)).isEqualTo(second.physicalOffset());
            assertThat(TestRecords.queueOffset(stored)).isEqualTo(1);
            assertThat(TestRecords.body(stored)).isEqualTo("second");
        } finally {
            stored.release();
        }
    }

    @Test
    void shouldRollToANewSegmentLeavingAnEndOfFileBlank() {
        open(FlushMode.ASYNC);
        PutResult last = null;
        while (log.chain().all().length < 2) {
            last = append(log, "T", 0, "x".repeat(200));
        }
        assertThat(last.physicalOffset()).isEqualTo(SEGMENT);
        MappedSegment first = log.chain().first();
        ByteBuffer b = StoreParts.mapped(first);
        int pos = 0;
        while (StoredRecordFlyweight.isRecordMagic(StoredRecordFlyweight.magic(b, pos))) {
            pos += StoredRecordFlyweight.totalSize(b, pos);
        }
        assertThat(StoredRecordFlyweight.magic(b, pos))
                .isEqualTo(StoredRecordFlyweight.BLANK_MAGIC);
        assertThat(StoredRecordFlyweight.totalSize(b, pos)).isEqualTo(SEGMENT - pos);
        assertThat(first.wrotePosition()).isEqualTo(SEGMENT);
        assertThat(LogReads.sizeAt(log, pos)).as("a blank is not a record").isEqualTo(-1);
    }

    @Test
    void shouldRefuseRecordsTooLargeOrForAnInvalidQueue() {
        log =
                new CommitLog(
                        StoreParts.chain(dir),
                        StoreConfig.builder(dir)
                                .segmentSize(SEGMENT)
                                .maxRecordSize(256)
                                .clock(clock)
                                .build(),
                        failure);
        assertThat(log.append(TestRecords.record("T", 0, "x".repeat(300), "")).status())
                .isEqualTo(PutStatus.MESSAGE_ILLEGAL);
        assertThat(log.append(TestRecords.record("T", -1, "x", "")).status())
                .isEqualTo(PutStatus.MESSAGE_ILLEGAL);
        assertThat(
                        log.append(TestRecords.record("T", QueueOffsetTable.MAX_QUEUE_ID, "x", ""))
                                .status())
                .isEqualTo(PutStatus.MESSAGE_ILLEGAL);
        assertThat(log.writtenOffset()).as("nothing was written").isZero();
        assertThat(append(log, "T", 0, "fits").queueOffset()).isZero();
    }

    @Test
    void shouldAppendABatchContiguouslyWithConsecutiveQueueOffsets() {
        open(FlushMode.ASYNC);
        append(log, "T", 0, "before");
        PutResult batch =
                log.appendBatch(
                        List.of(
                                TestRecords.record("T", 0, "b0", ""),
                                TestRecords.record("T", 0, "b1", ""),
                                TestRecords.record("T", 0, "b2", "")));
        assertThat(batch.isOk()).isTrue();
        assertThat(batch.messageCount()).isEqualTo(3);
        assertThat(batch.queueOffset()).isEqualTo(1);
        long phys = batch.physicalOffset();
        for (int i = 0; i < 3; i++) {
            int size = LogReads.sizeAt(log, phys);
            ByteBuf record = LogReads.read(log, phys, size);
            assertThat(TestRecords.body(record)).isEqualTo("b" + i);
            assertThat(TestRecords.queueOffset(record)).isEqualTo(1 + i);
            record.release();
            phys += size;
        }
        assertThat(phys).isEqualTo(batch.physicalOffset() + batch.wroteBytes());
    }

    @Test
    void shouldTakeBackAWholeBatchWhenOneRecordFailsToWrite() {
        open(FlushMode.ASYNC);
        append(log, "T", 0, "before");
        long written = log.writtenOffset();
        EncodedRecord good = TestRecords.record("T", 0, "good", "");
        RecordWriter broken =
                new RecordWriter() {
                    @Override
                    public String topic() {
                        return "T";
                    }

                    @Override
                    public int queueId() {
                        return 0;
                    }

                    @Override
                    public int size() {
                        return good.size();
                    }

                    @Override
                    public void write(ByteBuffer target, int pos, long phys, long qo, long ts) {
                        throw new IllegalStateException("encoder bug");
                    }
                };
        PutResult failed = log.appendBatch(List.of(good, good, broken));
        assertThat(failed.status()).isEqualTo(PutStatus.MESSAGE_ILLEGAL);
        assertThat(log.writtenOffset()).isEqualTo(written);
        PutResult next = append(log, "T", 0, "after");
        assertThat(next.physicalOffset())
                .as("the failed batch's space is reused")
                .isEqualTo(written);
        assertThat(next.queueOffset()).as("its queue offsets are given back").isEqualTo(1);
    }

    @Test
    void shouldRefuseAnEmptyBatchAndOneLargerThanTheRecordLimit() {
        open(FlushMode.ASYNC);
        assertThat(log.appendBatch(List.of()).status()).isEqualTo(PutStatus.MESSAGE_ILLEGAL);
        List<EncodedRecord> huge =
                java.util.Collections.nCopies(5, TestRecords.record("T", 0, "x".repeat(1000), ""));
        assertThat(log.appendBatch(huge).status()).isEqualTo(PutStatus.MESSAGE_ILLEGAL);
        assertThat(log.writtenOffset()).isZero();
    }

    @Test
    void shouldReadOnlyWhatWasWritten() {
        open(FlushMode.ASYNC);
        PutResult a = append(log, "T", 0, "a");
        assertThat(LogReads.read(log, a.physicalOffset(), a.wroteBytes() + 1)).isNull();
        assertThat(LogReads.read(log, a.physicalOffset(), 0)).isNull();
        assertThat(LogReads.read(log, -1, 10)).isNull();
        assertThat(LogReads.sizeAt(log, a.physicalOffset())).isEqualTo(a.wroteBytes());
        assertThat(LogReads.sizeAt(log, a.physicalOffset() + a.wroteBytes())).isEqualTo(-1);
        assertThat(LogReads.sizeAt(log, a.physicalOffset() + 4)).as("mid-record").isEqualTo(-1);
    }

    @Test
    void shouldLetDispatchReadOnlyFlushedRecordsUnderSync() {
        open(FlushMode.SYNC);
        PutResult a = append(log, "T", 0, "a");
        assertThat(log.dispatchLimit()).isZero();
        assertThat(log.flush()).isTrue();
        assertThat(log.flushedOffset()).isEqualTo(a.physicalOffset() + a.wroteBytes());
        assertThat(log.dispatchLimit()).isEqualTo(log.flushedOffset());
        assertThat(log.chain().first().flushedPosition()).isEqualTo(a.wroteBytes());
    }

    @Test
    void shouldLetDispatchReadWrittenRecordsUnderAsync() {
        open(FlushMode.ASYNC);
        PutResult a = append(log, "T", 0, "a");
        assertThat(log.flushedOffset()).isZero();
        assertThat(log.dispatchLimit()).isEqualTo(a.wroteBytes());
    }

    @Test
    void shouldFlushAcrossSegmentBoundaries() {
        open(FlushMode.ASYNC);
        while (log.chain().all().length < 3) {
            append(log, "T", 0, "x".repeat(500));
        }
        assertThat(log.flush()).isTrue();
        MappedSegment[] segments = log.chain().all();
        assertThat(segments[0].flushedPosition()).isEqualTo(SEGMENT);
        assertThat(segments[1].flushedPosition()).isEqualTo(SEGMENT);
        assertThat(segments[2].flushedPosition())
                .isEqualTo((int) (log.writtenOffset() - segments[2].baseOffset()));
        assertThat(log.flush()).as("nothing new to flush").isTrue();
    }

    @Test
    void shouldRefuseAppendsOnceTheStoreHasFailed() {
        open(FlushMode.ASYNC);
        append(log, "T", 0, "a");
        assertThat(log.flush()).isTrue();
        failure.fail("a test", new java.io.IOException("disk gone"));
        assertThat(log.append(TestRecords.record("T", 0, "b", "")).status())
                .isEqualTo(PutStatus.CREATE_SEGMENT_FAILED);
        assertThat(log.writtenOffset()).isEqualTo(log.flushedOffset());
        assertThat(log.flush()).as("a failed store reports every flush as failed").isFalse();
    }

    @Test
    void shouldContinueQueueOffsetsFromRecoveryAndForgetADeletedTopic() {
        open(FlushMode.ASYNC);
        log.initQueueOffset("T", 2, 41);
        assertThat(append(log, "T", 2, "a").queueOffset()).isEqualTo(41);
        log.removeTopic("T");
        assertThat(append(log, "T", 2, "b").queueOffset()).isZero();
    }

    @Test
    void shouldAppendAtTheRecoveredEnd() throws Exception {
        open(FlushMode.ASYNC);
        PutResult a = append(log, "T", 0, "a");
        append(log, "T", 0, "b");
        log.chain().close();
        log = StoreParts.commitLog(dir, FlushMode.ASYNC, clock, failure);
        log.chain().load();
        long end = a.physicalOffset() + a.wroteBytes();
        log.recoveredTo(end);
        assertThat(log.flushedOffset()).isEqualTo(end);
        assertThat(log.chain().last().wrotePosition()).isEqualTo((int) end);
        log.initQueueOffset("T", 0, 1);
        PutResult again = append(log, "T", 0, "b2");
        assertThat(again.physicalOffset()).isEqualTo(end);
        assertThat(again.queueOffset()).isEqualTo(1);
    }
}
