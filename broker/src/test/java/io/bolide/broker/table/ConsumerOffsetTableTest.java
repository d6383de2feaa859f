package io.bolide.broker.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConsumerOffsetTableTest {
    @TempDir Path dir;

    private Path file() {
        return dir.resolve("config/consumerOffset.json");
    }

    private ConsumerOffsetTable table() {
        return new ConsumerOffsetTable(new JsonFile(file()));
    }

    @Test
    void shouldAnswerMinusOneForAnOffsetNeverCommitted() throws Exception {
        ConsumerOffsetTable table = table();
        table.load();

        assertThat(table.query("g", "T", 0)).isEqualTo(-1);
        table.commit("g", "T", 0, 4);
        assertThat(table.query("g", "T", 1)).isEqualTo(-1);
        assertThat(table.query("g", "T", 0)).isEqualTo(4);
    }

    @Test
    void shouldPersistAndReloadEveryOffset() throws Exception {
        ConsumerOffsetTable table = table();
        table.commit("g1", "T", 0, 4);
        table.commit("g1", "T", 3, 9);
        table.commit("g2", "U", 1, 2);
        table.persist();

        ConsumerOffsetTable reloaded = table();
        reloaded.load();

        assertThat(reloaded.query("g1", "T", 0)).isEqualTo(4);
        assertThat(reloaded.query("g1", "T", 3)).isEqualTo(9);
        assertThat(reloaded.query("g2", "U", 1)).isEqualTo(2);
        assertThat(reloaded.query("g2", "T", 1)).isEqualTo(-1);
    }

    @Test
    void shouldWriteTheReferenceFileShape() throws Exception {
        ConsumerOffsetTable table = table();
        table.commit("g1", "T", 0, 4);
        table.persist();

        String json = Files.readString(file());

        assertThat(json).contains("\"offsetTable\"").contains("\"T@g1\"");
        assertThat(Files.exists(file().resolveSibling("consumerOffset.json.tmp"))).isFalse();
    }

    @Test
    void shouldLoadAFileWrittenByTheReferenceBroker() throws Exception {
        Files.createDirectories(file().getParent());
        Files.writeString(file(), "{\"offsetTable\":{\"T@g\":{0:12,1:7}}}", StandardCharsets.UTF_8);

        ConsumerOffsetTable table = table();
        table.load();

        assertThat(table.query("g", "T", 0)).isEqualTo(12);
        assertThat(table.query("g", "T", 1)).isEqualTo(7);
    }

    @Test
    void shouldFailToLoadACorruptFileNamingIt() throws Exception {
        Files.createDirectories(file().getParent());
        Files.writeString(file(), "{\"offsetTable\":", StandardCharsets.UTF_8);

        assertThatThrownBy(() -> table().load())
                .isInstanceOf(IOException.class)
                .hasMessageContaining(file().toString());
    }

    @Test
    void shouldRemoveATopicWithoutTouchingTopicsSharingItsPrefix() {
        ConsumerOffsetTable table = table();
        table.commit("g", "T", 0, 1);
        table.commit("g", "T2", 0, 2);

        table.removeTopic("T");

        assertThat(table.query("g", "T", 0)).isEqualTo(-1);
        assertThat(table.query("g", "T2", 0)).isEqualTo(2);
    }

    @Test
    void shouldRemoveAGroupWithoutTouchingGroupsSharingItsSuffix() {
        ConsumerOffsetTable table = table();
        table.commit("g", "T", 0, 1);
        table.commit("xg", "T", 0, 2);

        table.removeGroup("g");

        assertThat(table.query("g", "T", 0)).isEqualTo(-1);
        assertThat(table.query("xg", "T", 0)).isEqualTo(2);
    }

    @Test
    void shouldSumCommittedOffsetsPerGroupIgnoringNegativeOnes() {
        ConsumerOffsetTable table = table();
        table.commit("g", "T", 0, 5);
        table.commit("g", "T", 1, -3);
        table.commit("g", "U", 0, 2);
        table.commit("h", "T", 0, 1);

        assertThat(table.totalsByGroup()).containsOnly(Map.entry("g", 7L), Map.entry("h", 1L));
    }

    @Test
    void shouldListTopicsOfAGroupAndGroupsOfATopic() {
        ConsumerOffsetTable table = table();
        table.commit("g", "T", 0, 5);
        table.commit("g", "U", 0, 2);
        table.commit("h", "T", 0, 1);

        assertThat(table.topicsOf("g")).containsExactlyInAnyOrder("T", "U");
        assertThat(table.groupsOf("T")).containsExactlyInAnyOrder("g", "h");
        assertThat(table.groupsOf("V")).isEmpty();
    }
}
