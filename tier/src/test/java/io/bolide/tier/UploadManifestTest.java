package io.bolide.tier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UploadManifestTest {
    @TempDir Path dir;

    @Test
    void entriesSurviveAReloadAndLocateOffsets() throws IOException {
        Path file = dir.resolve("manifest");
        UploadManifest manifest = UploadManifest.load(file);
        manifest.add(new UploadManifest.Entry(0, 1024, 0xdeadbeef));
        manifest.add(new UploadManifest.Entry(1024, 1024, 7));
        manifest.remove(0);
        manifest.add(new UploadManifest.Entry(0, 1024, 0xdeadbeef));

        UploadManifest reloaded = UploadManifest.load(file);
        assertThat(reloaded.entries()).isEqualTo(manifest.entries());
        assertThat(reloaded.covering(1500).baseOffset()).isEqualTo(1024);
        assertThat(reloaded.covering(1023).crc32c()).isEqualTo(0xdeadbeef);
        assertThat(reloaded.covering(2048)).isNull();
        assertThat(Files.exists(dir.resolve("manifest.tmp"))).isFalse();
    }

    @Test
    void aDamagedManifestIsRefusedRatherThanReadHalf() throws IOException {
        Path file = dir.resolve("manifest");
        UploadManifest.load(file).add(new UploadManifest.Entry(0, 1024, 1));
        String text = Files.readString(file, StandardCharsets.US_ASCII);
        Files.writeString(file, text.replace("1024", "2048"), StandardCharsets.US_ASCII);
        assertThatThrownBy(() -> UploadManifest.load(file)).hasMessageContaining("checksum");
        Files.writeString(file, "0 1024 1\n", StandardCharsets.US_ASCII);
        assertThatThrownBy(() -> UploadManifest.load(file)).hasMessageContaining("trailer");
    }
}
