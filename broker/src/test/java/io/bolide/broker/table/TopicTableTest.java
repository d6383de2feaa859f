package io.bolide.broker.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bolide.broker.config.BrokerConfig;
import io.bolide.protocol.body.TopicConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TopicTableTest {
    @TempDir Path dir;

    private TopicTable table(boolean autoCreate) throws Exception {
        TopicTable table = new TopicTable(new JsonFile(dir.resolve("config/topics.json")));
        table.load(BrokerConfig.builder().autoCreateTopicEnable(autoCreate).build());
        return table;
    }

    @Test
    void shouldCreateTbw102WithInheritWhenAutoCreateIsOn() throws Exception {
        TopicConfig template = table(true).get("TBW102");
        assertThat(template.perm()).isEqualTo(7);
        assertThat(template.writeQueueNums()).isEqualTo(8);
    }

    @Test
    void shouldNotOfferTbw102WhenAutoCreateIsOff() throws Exception {
        TopicTable table = table(false);
        assertThat(table.get("TBW102")).isNull();
        assertThat(table.getOrCreate("Unknown", "TBW102", 4)).isNull();
    }

    @Test
    void shouldFollowAutoCreateAndTheTemplateQueuesChangedLive() throws Exception {
        TopicTable table = table(true);
        List<TopicConfig> announced = new ArrayList<>();
        table.onChange(
                topic -> {
                    announced.add(topic);
                    return CompletableFuture.completedFuture(null);
                });
        BrokerConfig.Builder config = BrokerConfig.builder();

        table.builtInsChanged(config.autoCreateTopicEnable(false).build());
        assertThat(table.get("TBW102").perm()).isEqualTo(Perm.READ | Perm.WRITE);
        assertThat(table.getOrCreate("Refused", "TBW102", 4)).isNull();

        table.builtInsChanged(
                config.autoCreateTopicEnable(true).set("defaultTopicQueueNums", "2").build());
        assertThat(table.get("TBW102").perm()).isEqualTo(7);
        assertThat(table.get("TBW102").writeQueueNums()).isEqualTo(2);
        assertThat(table.getOrCreate("Accepted", "TBW102", 4).writeQueueNums()).isEqualTo(2);

        table.builtInsChanged(config.set("traceTopicEnable", "true").build());
        assertThat(table.get("RMQ_SYS_TRACE_TOPIC")).isNotNull();
        // the two template changes, the topic created from it, the trace topic: each announced
        assertThat(announced)
                .extracting(TopicConfig::topicName)
                .containsExactly("TBW102", "TBW102", "Accepted", "RMQ_SYS_TRACE_TOPIC");
        table.builtInsChanged(config.build());
        assertThat(announced).hasSize(4); // nothing changed, nothing announced
    }

    @Test
    void shouldCreateFromTemplateWithFewerQueuesAndWithoutInherit() throws Exception {
        TopicTable table = table(true);
        List<TopicConfig> announced = new ArrayList<>();
        table.onChange(
                topic -> {
                    announced.add(topic);
                    return CompletableFuture.completedFuture(null);
                });
        long before = table.version().counter();
        TopicConfig created = table.getOrCreate("New", "TBW102", 4);
        assertThat(created.readQueueNums()).isEqualTo(4);
        assertThat(created.writeQueueNums()).isEqualTo(4);
        assertThat(created.perm()).isEqualTo(6);
        assertThat(table.getOrCreate("New", "TBW102", 4)).isSameAs(created);
        assertThat(announced).containsExactly(created);
        assertThat(table.version().counter()).isEqualTo(before + 1);
        assertThat(table.getOrCreate("Big", "TBW102", 100).writeQueueNums()).isEqualTo(8);
    }

    @Test
    void shouldRefuseTemplatesWithoutInherit() throws Exception {
        TopicTable table = table(true);
        table.put(TopicTable.config("Plain", 4, 6));
        assertThat(table.getOrCreate("Child", "Plain", 4)).isNull();
    }

    @Test
    void shouldPersistAndReloadTopicsAndVersion() throws Exception {
        TopicTable table = table(true);
        table.put(TopicTable.config("Saved", 3, 6));
        table.persist();
        TopicTable reloaded = table(true);
        assertThat(reloaded.get("Saved")).isEqualTo(table.get("Saved"));
        assertThat(reloaded.version().counter()).isEqualTo(table.version().counter());
        assertThat(reloaded.remove("Saved")).isTrue();
        assertThat(reloaded.get("Saved")).isNull();
    }

    @Test
    void shouldAddTheBuiltInTopicsOfTheConfiguration() throws Exception {
        TopicTable table = new TopicTable(new JsonFile(dir.resolve("config/topics.json")));
        table.load(
                BrokerConfig.builder()
                        .brokerClusterName("ClusterX")
                        .brokerName("broker-x")
                        .autoCreateTopicEnable(false)
                        .build());

        assertThat(table.get(TopicTable.SELF_TEST_TOPIC).readQueueNums()).isEqualTo(1);
        assertThat(table.get("ClusterX").readQueueNums()).isEqualTo(16);
        assertThat(table.get("broker-x").writeQueueNums()).isEqualTo(1);
        assertThat(table.get("broker-x").perm()).isEqualTo(Perm.READ | Perm.WRITE);
    }

    @Test
    void shouldDropAPersistedTbw102WhenAutoCreateIsTurnedOff() throws Exception {
        table(true).persist();

        assertThat(table(false).get("TBW102")).isNull();
    }

    @Test
    void shouldKeepTheVersionWhenReloadingUnchangedBuiltIns() throws Exception {
        TopicTable table = table(true);
        table.persist();

        TopicTable reloaded = table(true);

        assertThat(reloaded.version()).isEqualTo(table.version());
    }

    @Test
    void shouldAnnounceARemovalAsNullAndIgnoreRemovingAnUnknownTopic() throws Exception {
        TopicTable table = table(true);
        table.put(TopicTable.config("Gone", 1, 6));
        List<TopicConfig> announced = new ArrayList<>();
        table.onChange(announceTo(announced));
        long before = table.version().counter();

        assertThat(table.remove("Unknown")).isFalse();
        assertThat(table.version().counter()).isEqualTo(before);
        assertThat(table.remove("Gone")).isTrue();

        assertThat(announced).containsExactly((TopicConfig) null);
        assertThat(table.version().counter()).isEqualTo(before + 1);
    }

    @Test
    void shouldKeepTheExistingTopicOnCreateIfAbsentWithoutAnnouncing() throws Exception {
        TopicTable table = table(true);
        TopicConfig first = TopicTable.config("Once", 2, 6);
        table.put(first);
        List<TopicConfig> announced = new ArrayList<>();
        table.onChange(announceTo(announced));

        TopicConfig kept = table.createIfAbsent(TopicTable.config("Once", 8, 6));

        assertThat(kept).isSameAs(first);
        assertThat(announced).isEmpty();
    }

    @Test
    void shouldNotCreateWithoutATemplateName() throws Exception {
        TopicTable table = table(true);

        assertThat(table.getOrCreate("Nameless", null, 4)).isNull();
        assertThat(table.get("Nameless")).isNull();
    }

    @Test
    void shouldListTopicsInNameOrderInTheSnapshot() throws Exception {
        TopicTable table = table(false);
        table.put(TopicTable.config("b", 1, 6));
        table.put(TopicTable.config("a", 1, 6));

        assertThat(new ArrayList<>(table.snapshot().topicConfigTable().keySet()))
                .containsSubsequence("a", "b");
        assertThat(table.snapshot().dataVersion()).isEqualTo(table.version());
    }

    @Test
    void shouldFailToLoadACorruptFile() throws Exception {
        Path file = dir.resolve("config/topics.json");
        Files.createDirectories(file.getParent());
        Files.writeString(file, "[1,2");

        assertThatThrownBy(() -> table(true))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("topics.json");
    }

    private static Function<TopicConfig, CompletableFuture<Void>> announceTo(
            List<TopicConfig> announced) {
        return topic -> {
            announced.add(topic);
            return CompletableFuture.completedFuture(null);
        };
    }
}
