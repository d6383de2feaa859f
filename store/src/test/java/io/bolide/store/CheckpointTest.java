package io.bolide.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The two-slot checkpoint: the newest whole slot wins, a torn one is ignored. */
class CheckpointTest {
    @TempDir Path dir;

    private Path file() {
        return dir.resolve("checkpoint");
    }

    @Test
    void shouldBeAbsentInANewStore() throws Exception {
        try (Checkpoint checkpoint = Checkpoint.open(file())) {
            assertThat(checkpoint.present()).isFalse();
            assertThat(checkpoint.commitLogSafe()).isZero();
            assertThat(checkpoint.dispatchSafe()).isZero();
        }
    }

    @Test
    void shouldReadBackTheLastWriteAfterReopening() throws Exception {
        try (Checkpoint checkpoint = Checkpoint.open(file())) {
            checkpoint.write(100, 90);
            checkpoint.write(200, 150);
            checkpoint.write(300, 250);
            assertThat(checkpoint.commitLogSafe()).isEqualTo(300);
        }
        try (Checkpoint checkpoint = Checkpoint.open(file())) {
            assertThat(checkpoint.present()).isTrue();
            assertThat(checkpoint.commitLogSafe()).isEqualTo(300);
            assertThat(checkpoint.dispatchSafe()).isEqualTo(250);
        }
    }

    @Test
    void shouldAlternateSlotsSoATornWriteLeavesThePreviousOne() throws Exception {
        try (Checkpoint checkpoint = Checkpoint.open(file())) {
            checkpoint.write(100, 90); // sequence 1: slot 1
            checkpoint.write(200, 150); // sequence 2: slot 0
        }
        tear(0);
        try (Checkpoint checkpoint = Checkpoint.open(file())) {
            assertThat(checkpoint.present()).isTrue();
            assertThat(checkpoint.commitLogSafe()).isEqualTo(100);
            assertThat(checkpoint.dispatchSafe()).isEqualTo(90);
            checkpoint.write(400, 400);
        }
        try (Checkpoint checkpoint = Checkpoint.open(file())) {
            assertThat(checkpoint.commitLogSafe()).isEqualTo(400);
        }
    }

    @Test
    void shouldIgnoreAFileWithNoValidSlot() throws Exception {
        Files.write(file(), new byte[64]);
        try (Checkpoint checkpoint = Checkpoint.open(file())) {
            assertThat(checkpoint.present()).isFalse();
        }
        Files.write(file(), new byte[] {1, 2, 3});
        try (Checkpoint checkpoint = Checkpoint.open(file())) {
            assertThat(checkpoint.present()).as("a short file holds no slot").isFalse();
        }
    }

    /** Flips a byte of the slot at {@code slot} (0 or 1), as a torn write would leave it. */
    private void tear(int slot) throws Exception {
        try (FileChannel channel = FileChannel.open(file(), StandardOpenOption.WRITE)) {
            channel.write(ByteBuffer.wrap(new byte[] {(byte) 0xFF}), slot * 32L + 9);
        }
    }
}
