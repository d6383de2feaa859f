package io.bolide.store;

import static io.bolide.store.StoreParts.SEGMENT;
import static io.bolide.store.StoreParts.append;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Finding the end of valid data: what a crash may leave, and what a clean stop promises. */
class CommitLogRecoveryTest {
    @TempDir Path dir;
    private CommitLog log;
    private Checkpoint checkpoint;

    @AfterEach
    void close() throws Exception {
        if (log != null) {
            log.chain().close();
        }
        if (checkpoint != null) {
            checkpoint.close();
        }
    }

    /** Writes {@code count} records, then reopens the files as a restart would. */
    private long[] writeAndReopen(int count, String body) throws Exception {
        CommitLog writer = StoreParts.commitLog(dir);
        long[] ends = new long[count];
        for (int i = 0; i < count; i++) {
            PutResult r = append(writer, "T", 0, body + i);
            ends[i] = r.physicalOffset() + r.wroteBytes();
        }
        writer.flush();
        writer.chain().close();
        log = StoreParts.commitLog(dir);
        log.chain().load();
        checkpoint = Checkpoint.open(dir.resolve("checkpoint"));
        return ends;
    }

    private ByteBuffer bufferAt(long phys) {
        return StoreParts.mapped(log.chain().find(phys));
    }

    @Test
    void shouldRecoverAnEmptyLogToZero() throws Exception {
        log = StoreParts.commitLog(dir);
        log.chain().load();
        checkpoint = Checkpoint.open(dir.resolve("checkpoint"));
        assertThat(CommitLogRecovery.recover(log, checkpoint, true)).isZero();
        assertThat(log.writtenOffset()).isZero();
    }

    @Test
    void shouldScanToTheLastWholeRecordWithoutACheckpoint() throws Exception {
        long[] ends = writeAndReopen(5, "r");
        assertThat(checkpoint.present()).isFalse();
        assertThat(CommitLogRecovery.recover(log, checkpoint, false)).isEqualTo(ends[4]);
        assertThat(log.writtenOffset()).isEqualTo(ends[4]);
        assertThat(log.flushedOffset()).isEqualTo(ends[4]);
    }

    @Test
    void shouldTrustTheCheckpointAfterACleanStop() throws Exception {
        long[] ends = writeAndReopen(5, "r");
        checkpoint.write(ends[2], ends[2]);
        assertThat(CommitLogRecovery.recover(log, checkpoint, false)).isEqualTo(ends[2]);
        assertThat(log.writtenOffset()).isEqualTo(ends[2]);
    }

    @Test
    void shouldScanPastTheCheckpointAfterACrash() throws Exception {
        long[] ends = writeAndReopen(5, "r");
        checkpoint.write(ends[1], ends[1]);
        assertThat(CommitLogRecovery.recover(log, checkpoint, true)).isEqualTo(ends[4]);
    }

    @Test
    void shouldStopAtARecordWhoseBodyCrcDoesNotMatch() throws Exception {
        long[] ends = writeAndReopen(5, "r");
        long third = ends[1];
        ByteBuffer b = bufferAt(third);
        int bodyAt = (int) third + StoredRecordFlyweight.bodyLengthOffset(0) + 4;
        b.put(bodyAt, (byte) (b.get(bodyAt) ^ 0x55));
        assertThat(CommitLogRecovery.scan(log.chain(), 0)).isEqualTo(third);
    }

    @Test
    void shouldStopAtARecordThatClaimsAnotherPhysicalOffset() throws Exception {
        long[] ends = writeAndReopen(4, "r");
        bufferAt(ends[2]).putLong((int) ends[2] + StoredRecordFlyweight.PHYSICAL_OFFSET_OFFSET, 7);
        assertThat(CommitLogRecovery.scan(log.chain(), 0)).isEqualTo(ends[2]);
    }

    @Test
    void shouldStopAtATornSizeField() throws Exception {
        long[] ends = writeAndReopen(4, "r");
        bufferAt(ends[0]).putInt((int) ends[0], SEGMENT * 2);
        assertThat(CommitLogRecovery.scan(log.chain(), 0)).isEqualTo(ends[0]);
    }

    @Test
    void shouldFollowTheEndOfFileBlankIntoTheNextSegment() throws Exception {
        CommitLog writer = StoreParts.commitLog(dir);
        PutResult last = null;
        while (writer.chain().all().length < 3) {
            last = append(writer, "T", 0, "y".repeat(300));
        }
        long end = last.physicalOffset() + last.wroteBytes();
        writer.chain().close();
        log = StoreParts.commitLog(dir);
        log.chain().load();
        assertThat(CommitLogRecovery.scan(log.chain(), 0)).isEqualTo(end);
        assertThat(CommitLogRecovery.scan(log.chain(), SEGMENT)).isEqualTo(end);
    }

    @Test
    void shouldZeroTheTornTailAndDeleteLaterSegmentsAfterACrash() throws Exception {
        CommitLog writer = StoreParts.commitLog(dir);
        long[] ends = new long[3];
        for (int i = 0; i < 3; i++) {
            PutResult r = append(writer, "T", 0, "keep" + i);
            ends[i] = r.physicalOffset() + r.wroteBytes();
        }
        while (writer.chain().all().length < 2) {
            append(writer, "T", 0, "z".repeat(400));
        }
        writer.chain().close();
        log = StoreParts.commitLog(dir);
        log.chain().load();
        checkpoint = Checkpoint.open(dir.resolve("checkpoint"));
        // A torn record after the third: its CRC no longer matches, so the scan ends there.
        ByteBuffer b = bufferAt(ends[2]);
        b.putInt((int) ends[2] + StoredRecordFlyweight.BODY_CRC_OFFSET, 12345);

        assertThat(CommitLogRecovery.recover(log, checkpoint, true)).isEqualTo(ends[2]);
        assertThat(log.chain().all()).hasSize(1);
        assertThat(Files.exists(dir.resolve("commitlog").resolve(StoreFiles.name(SEGMENT))))
                .isFalse();
        for (int i = (int) ends[2]; i < SEGMENT; i++) {
            assertThat(b.get(i)).as("byte %d of the torn tail", i).isZero();
        }
        assertThat(append(log, "T", 0, "new").physicalOffset()).isEqualTo(ends[2]);
    }

    @Test
    void shouldDeleteASegmentThatStartsAtTheRecoveredEnd() throws Exception {
        CommitLog writer = StoreParts.commitLog(dir);
        while (writer.chain().all().length < 2) {
            append(writer, "T", 0, "z".repeat(400));
        }
        writer.chain().close();
        log = StoreParts.commitLog(dir);
        log.chain().load();
        StoreParts.mapped(log.chain().last())
                .putInt(0, 0); // the new segment's first record never landed
        checkpoint = Checkpoint.open(dir.resolve("checkpoint"));
        assertThat(CommitLogRecovery.recover(log, checkpoint, true)).isEqualTo(SEGMENT);
        assertThat(log.chain().all()).hasSize(1);
        assertThat(append(log, "T", 0, "next").physicalOffset()).isEqualTo(SEGMENT);
    }

    @Test
    void shouldClampACheckpointOutsideTheFiles() {
        assertThat(CommitLogRecovery.clamp(-5, 0, 100)).isZero();
        assertThat(CommitLogRecovery.clamp(500, 0, 100)).isEqualTo(100);
        assertThat(CommitLogRecovery.clamp(50, 0, 100)).isEqualTo(50);
    }
}
