package io.bolide.broker.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.protocol.body.SubscriptionGroupConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SubscriptionGroupTableTest {
    @TempDir Path dir;
    private final AtomicBoolean autoCreate = new AtomicBoolean(true);

    private SubscriptionGroupTable table() {
        return new SubscriptionGroupTable(
                new JsonFile(dir.resolve("subscriptionGroup.json")), autoCreate::get);
    }

    @Test
    void shouldPersistAndReloadGroups() throws Exception {
        SubscriptionGroupTable table = table();
        table.put(SubscriptionGroupConfig.builder("g1").retryMaxTimes(7).build());
        table.persist();
        SubscriptionGroupTable reloaded = table();
        reloaded.load();
        assertThat(reloaded.get("g1").retryMaxTimes()).isEqualTo(7);
        assertThat(reloaded.version()).isEqualTo(table.version());
    }

    @Test
    void shouldWriteFileOnlyAfterChange() throws Exception {
        SubscriptionGroupTable table = table();
        table.persist();
        assertThat(Files.exists(dir.resolve("subscriptionGroup.json"))).isFalse();
        table.seen("g2");
        table.persist();
        assertThat(Files.exists(dir.resolve("subscriptionGroup.json"))).isTrue();
    }

    @Test
    void shouldAutoCreateSeenGroupOnlyWhileEnabled() {
        SubscriptionGroupTable table = table();
        table.seen("auto");
        assertThat(table.get("auto")).isNotNull();
        assertThat(table.get("auto").retryMaxTimes()).isEqualTo(16);
        autoCreate.set(false);
        table.seen("manual");
        assertThat(table.get("manual")).isNull();
    }

    @Test
    void shouldKeepExistingSettingsWhenGroupIsSeenAgain() {
        SubscriptionGroupTable table = table();
        table.put(SubscriptionGroupConfig.builder("g").retryMaxTimes(2).build());
        long counter = table.version().counter();
        table.seen("g");
        assertThat(table.get("g").retryMaxTimes()).isEqualTo(2);
        assertThat(table.version().counter()).isEqualTo(counter);
    }

    @Test
    void shouldRemoveAndReportWhetherGroupExisted() {
        SubscriptionGroupTable table = table();
        table.put(SubscriptionGroupConfig.builder("g").build());
        assertThat(table.remove("g")).isTrue();
        assertThat(table.remove("g")).isFalse();
        assertThat(table.snapshot().subscriptionGroupTable()).isEmpty();
    }

    @Test
    void shouldLoadNothingWhenThereIsNoFile() throws Exception {
        SubscriptionGroupTable table = table();

        table.load();

        assertThat(table.snapshot().subscriptionGroupTable()).isEmpty();
        assertThat(table.version().counter()).isZero();
    }

    @Test
    void shouldNotRewriteTheFileUntilTheNextChange() throws Exception {
        SubscriptionGroupTable table = table();
        table.put(SubscriptionGroupConfig.builder("g").build());
        table.persist();
        Path file = dir.resolve("subscriptionGroup.json");
        Files.delete(file);

        table.persist();
        assertThat(Files.exists(file)).isFalse();

        table.remove("g");
        table.persist();
        SubscriptionGroupTable reloaded = table();
        reloaded.load();
        assertThat(reloaded.get("g")).isNull();
        assertThat(reloaded.version()).isEqualTo(table.version());
    }

    @Test
    void shouldBumpTheVersionOnEveryChange() {
        SubscriptionGroupTable table = table();
        long start = table.version().counter();

        table.put(SubscriptionGroupConfig.builder("a").build());
        table.seen("b");
        table.remove("a");
        table.remove("a");

        assertThat(table.version().counter()).isEqualTo(start + 3);
        assertThat(table.snapshot().dataVersion()).isEqualTo(table.version());
    }
}
