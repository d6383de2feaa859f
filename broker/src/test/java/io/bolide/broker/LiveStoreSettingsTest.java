package io.bolide.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.config.AdminSettings;
import io.bolide.broker.config.BrokerConfig;
import io.bolide.broker.config.BrokerSettings;
import io.bolide.broker.pull.PullHoldAgent;
import io.bolide.store.MessageStore;
import io.bolide.store.Retention;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LiveStoreSettingsTest {
    @TempDir Path dir;

    @Test
    void shouldHandTheStoreKeysChangedLiveToTheRunningStore() throws Exception {
        BrokerConfig config = BrokerConfig.builder().storePathRootDir(dir).build();
        BrokerSettings settings = new BrokerSettings(config);
        try (MessageStore store =
                MessageStore.open(BrokerParts.storeConfig(config, new PullHoldAgent()))) {
            settings.onChange(changed -> LiveStoreSettings.apply(changed, store.tuning()));
            assertThat(store.tuning().retention()).isEqualTo(new Retention(72, 4, 0.75));

            assertThat(
                            new AdminSettings(settings)
                                    .update(
                                            Map.of(
                                                    "fileReservedTime", "12",
                                                    "deleteWhen", "02",
                                                    "diskMaxUsedSpaceRatio", "90",
                                                    "flushIntervalCommitLog", "200")))
                    .isNull();

            assertThat(store.tuning().retention()).isEqualTo(new Retention(12, 2, 0.9));
            assertThat(store.tuning().flushIntervalMs()).isEqualTo(200);
        }
    }
}
