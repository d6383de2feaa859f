package io.bolide.remoting.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigFileWriterTest {
    @TempDir Path dir;

    /** A few keys, one with an old name, as a server's table declares them. */
    private static KeyTable keys() {
        KeyTable.Builder b = KeyTable.builder("test");
        Key<Integer> size = b.add(Key.ofInt("mappedFileSizeCommitLog", 1024, 1, 1 << 30, "size"));
        b.alias("mapedFileSizeCommitLog", size);
        b.add(Key.ofInt("listenPort", 0, 0, 65_535, "port"));
        b.add(Key.ofString("regionId", "", "region"));
        b.add(Key.ofString("deleteWhen", "04", "hours"));
        return b.build();
    }

    @Test
    void shouldReplaceAKeyUnderAnyOfItsNamesAndKeepCommentsAndOtherKeys() throws Exception {
        Path file = dir.resolve("broker.conf");
        Files.writeString(
                file, "! old style comment\nmapedFileSizeCommitLog : 8192\n\n  listenPort=1\n");
        ConfigFileWriter writer = new ConfigFileWriter(file, keys());

        writer.write(Map.of("mappedFileSizeCommitLog", "16384", "regionId", "a\\b"));

        assertThat(Files.readAllLines(file))
                .containsExactly(
                        "! old style comment",
                        "mappedFileSizeCommitLog=16384",
                        "",
                        "  listenPort=1",
                        "regionId=a\\\\b");
        Properties read = new Properties();
        try (Reader in = Files.newBufferedReader(file)) {
            read.load(in);
        }
        assertThat(read.getProperty("regionId")).isEqualTo("a\\b");
    }

    @Test
    void shouldCreateTheFileAndItsDirectory() throws Exception {
        Path file = dir.resolve("store/config/broker.properties");
        new ConfigFileWriter(file, keys()).write(Map.of("deleteWhen", "05"));
        assertThat(Files.readAllLines(file)).containsExactly("deleteWhen=05");
    }
}
