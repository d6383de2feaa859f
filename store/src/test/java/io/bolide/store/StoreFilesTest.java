package io.bolide.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StoreFilesTest {
    @TempDir Path dir;

    @Test
    void shouldNameFilesWithTwentyDigitsAsRocketMqDoes() {
        assertThat(StoreFiles.name(0)).isEqualTo("00000000000000000000");
        assertThat(StoreFiles.name(1_073_741_824L)).isEqualTo("00000000001073741824");
        assertThat(StoreFiles.name(Long.MAX_VALUE)).isEqualTo("09223372036854775807");
    }

    @Test
    void shouldParseOnlyTwentyDigitNames() {
        assertThat(StoreFiles.parse("00000000001073741824")).isEqualTo(1_073_741_824L);
        assertThat(StoreFiles.parse(StoreFiles.name(123_456_789L))).isEqualTo(123_456_789L);
        assertThat(StoreFiles.parse("1073741824")).isEqualTo(-1);
        assertThat(StoreFiles.parse("0000000000107374182x")).isEqualTo(-1);
        assertThat(StoreFiles.parse("000000000010737418240")).isEqualTo(-1);
        assertThat(StoreFiles.parse("")).isEqualTo(-1);
    }

    @Test
    void shouldListNumberedFilesByOffsetNotByName() throws Exception {
        for (long offset : new long[] {3000, 10, 200}) {
            Files.createFile(dir.resolve(StoreFiles.name(offset)));
        }
        Files.createFile(dir.resolve("lock"));
        Files.createFile(dir.resolve("00000000000000000010.tmp"));
        assertThat(StoreFiles.numberedFiles(dir))
                .extracting(StoreFiles::offsetOf)
                .containsExactly(10L, 200L, 3000L);
        assertThat(StoreFiles.numberedFiles(dir.resolve("missing"))).isEmpty();
    }

    @Test
    void shouldZeroFillARangeInGrainSizedWrites() throws Exception {
        Path file = dir.resolve("f");
        Files.write(file, new byte[] {1, 1, 1, 1, 1, 1, 1, 1, 1, 1});
        try (FileChannel channel =
                FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            StoreFiles.zeroFill(channel, 2, 10_000, 3);
            assertThat(channel.size()).isEqualTo(10_000);
            ByteBuffer head = ByteBuffer.allocate(4);
            channel.read(head, 0);
            assertThat(head.array()).containsExactly(1, 1, 0, 0);
        }
    }
}
