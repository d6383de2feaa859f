package io.bolide.broker.config;

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

    @Test
    void shouldReplaceAKeyUnderAnyOfItsNamesAndKeepCommentsAndOtherKeys() throws Exception {
        Path file = dir.resolve("broker.conf");
        Files.writeString(
                file, "! old style comment\nmapedFileSizeCommitLog : 8192\n\n  listenPort=1\n");
        ConfigFileWriter writer = new ConfigFileWriter(file, BrokerConfig.keyTable());

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
        new ConfigFileWriter(file, BrokerConfig.keyTable()).write(Map.of("deleteWhen", "05"));
        assertThat(Files.readAllLines(file)).containsExactly("deleteWhen=05");
    }
}
