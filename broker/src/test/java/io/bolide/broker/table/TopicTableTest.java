package io.bolide.broker.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.BrokerConfig;
import io.bolide.protocol.body.TopicConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
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
}
