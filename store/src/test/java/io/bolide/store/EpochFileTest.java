package io.bolide.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The epoch file: durable terms, the reference's text layout, torn and damaged files. */
class EpochFileTest {
    @TempDir Path dir;

    @Test
    void shouldKeepTermsAcrossReopenInTheReferenceLayout() throws Exception {
        EpochFile file = EpochFile.open(dir);
        assertThat(file.entries()).isEmpty();
        assertThat(file.lastEpoch()).isZero();
        file.append(1, 0);
        file.append(2, 4096);
        file.append(2, 8192); // the same term again: kept as it was
        EpochFile reopened = EpochFile.open(dir);
        assertThat(reopened.entries())
                .containsExactly(new EpochEntry(1, 0), new EpochEntry(2, 4096));
        String text = Files.readString(dir.resolve("epochFileCheckpoint"));
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        crc.update("1-0\n2-4096\n".getBytes(StandardCharsets.UTF_8));
        assertThat(text).isEqualTo("2\n" + (int) crc.getValue() + "\n1-0\n2-4096\n");
    }

    @Test
    void shouldRefuseOlderEpochsAndStartsGoingBack() throws Exception {
        EpochFile file = EpochFile.open(dir);
        file.append(3, 100);
        assertThatThrownBy(() -> file.append(2, 200)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> file.append(4, 50)).isInstanceOf(IllegalArgumentException.class);
        assertThat(EpochFile.open(dir).entries()).containsExactly(new EpochEntry(3, 100));
    }

    @Test
    void shouldIgnoreATornTemporaryFileAndKeepThePreviousTerms() throws Exception {
        EpochFile file = EpochFile.open(dir);
        file.append(1, 0);
        String whole = EpochFile.render(List.of(new EpochEntry(1, 0), new EpochEntry(2, 77)));
        // A crash in the middle of writing the next version: only part of the temporary file.
        Files.writeString(dir.resolve("epochFileCheckpoint.tmp"), whole.substring(0, 7));
        EpochFile reopened = EpochFile.open(dir);
        assertThat(reopened.entries()).containsExactly(new EpochEntry(1, 0));
        assertThat(dir.resolve("epochFileCheckpoint.tmp")).doesNotExist();
        reopened.append(2, 77);
        assertThat(EpochFile.open(dir).entries()).hasSize(2);
    }

    @Test
    void shouldRefuseADamagedFile() throws Exception {
        EpochFile.open(dir).append(1, 0);
        Path path = dir.resolve("epochFileCheckpoint");
        String text = Files.readString(path);
        Files.writeString(path, text.replace("1-0", "1-9"));
        assertThatThrownBy(() -> EpochFile.open(dir))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("CRC");
        Files.writeString(path, text.substring(0, text.length() - 3));
        assertThatThrownBy(() -> EpochFile.open(dir)).isInstanceOf(IOException.class);
    }

    @Test
    void shouldForgetTermsFromACut() throws Exception {
        EpochFile file = EpochFile.open(dir);
        file.append(1, 0);
        file.append(2, 500);
        file.append(4, 900);
        file.truncateFrom(500);
        assertThat(EpochFile.open(dir).entries()).containsExactly(new EpochEntry(1, 0));
    }

    @Test
    void shouldFindTheLastCommonTermsEnd() {
        List<EpochEntry> oldMaster = List.of(new EpochEntry(1, 0), new EpochEntry(2, 1000));
        List<EpochEntry> newMaster =
                List.of(new EpochEntry(1, 0), new EpochEntry(2, 1000), new EpochEntry(3, 1500));
        // The old master wrote term 2 up to 1800; the new one holds it only up to 1500.
        assertThat(EpochHistory.consistentPoint(oldMaster, 1800, newMaster, 2500)).isEqualTo(1500);
        // A slave behind its master keeps everything it has.
        assertThat(EpochHistory.consistentPoint(oldMaster, 1200, newMaster, 2500)).isEqualTo(1200);
        // A term with the same number but another start is not common.
        List<EpochEntry> other = List.of(new EpochEntry(1, 0), new EpochEntry(2, 900));
        assertThat(EpochHistory.consistentPoint(other, 1800, newMaster, 2500)).isEqualTo(900);
        assertThat(EpochHistory.consistentPoint(List.of(), 0, newMaster, 2500)).isEqualTo(-1);
    }
}
