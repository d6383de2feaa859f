package io.bolide.namesrv;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KvConfigTableTest {
    @TempDir Path dir;

    @Test
    void shouldKeepSettingsAcrossRestartsWhenGivenAFile() {
        Path file = dir.resolve("namesrv/kvConfig.json");
        KvConfigTable table = new KvConfigTable(file);
        table.put("ORDER_TOPIC_CONFIG", "T", "broker-a:4");
        table.put("ORDER_TOPIC_CONFIG", "U", "broker-b:2");
        table.delete("ORDER_TOPIC_CONFIG", "U");

        KvConfigTable reopened = new KvConfigTable(file);

        assertThat(reopened.namespace("ORDER_TOPIC_CONFIG"))
                .containsExactly(Map.entry("T", "broker-a:4"));
    }

    @Test
    void shouldReadTheReferenceFileFormat() throws Exception {
        Path file = dir.resolve("kvConfig.json");
        Files.writeString(
                file,
                "{\"configTable\":{\"ORDER_TOPIC_CONFIG\":{\"T\":\"broker-a:8\"}}}",
                StandardCharsets.UTF_8);

        assertThat(new KvConfigTable(file).get("ORDER_TOPIC_CONFIG", "T")).isEqualTo("broker-a:8");
    }

    @Test
    void shouldForgetEmptyNamespaces() {
        KvConfigTable table = new KvConfigTable();
        table.put("ns", "k", "v");

        table.delete("ns", "k");

        assertThat(table.namespace("ns")).isNull();
        assertThat(table.get("ns", "k")).isNull();
    }
}
