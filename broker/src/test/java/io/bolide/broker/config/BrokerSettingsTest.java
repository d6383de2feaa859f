package io.bolide.broker.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BrokerSettingsTest {
    private final BrokerSettings settings =
            new BrokerSettings(
                    BrokerConfig.builder()
                            .storePathRootDir(Path.of("/tmp/bolide-settings"))
                            .brokerName("broker-x")
                            .build());

    @Test
    void shouldListEveryKeyWithItsCurrentValue() {
        Map<String, String> values = settings.values();
        assertThat(values.keySet()).hasSize(BrokerConfig.keys().size());
        assertThat(values).containsEntry("brokerName", "broker-x");
        assertThat(values).containsEntry("flushDiskType", "ASYNC_FLUSH");
        assertThat(values).containsEntry("storePathRootDir", "/tmp/bolide-settings");
        assertThat(settings.text()).contains("brokerName=broker-x\n");
    }

    @Test
    void shouldNeverShowAPassword() {
        BrokerSettings withSecret =
                new BrokerSettings(
                        BrokerConfig.builder()
                                .storePathRootDir(Path.of("/tmp/bolide-settings"))
                                .set("tls.server.keyPassword", "s3cret")
                                .build());
        assertThat(withSecret.values()).containsEntry("tls.server.keyPassword", "******");
        assertThat(withSecret.text()).doesNotContain("s3cret");
        assertThat(settings.values()).containsEntry("tls.server.keyPassword", "");
    }

    @Test
    void shouldApplyLiveKeyAndBumpVersion() {
        long counter = settings.version().counter();
        assertThat(settings.update(Map.of("autoCreateSubscriptionGroup", "false"))).isNull();
        assertThat(settings.current().autoCreateSubscriptionGroup()).isFalse();
        assertThat(settings.current().brokerName()).isEqualTo("broker-x");
        assertThat(settings.version().counter()).isEqualTo(counter + 1);
    }

    @Test
    void shouldRefuseKeyThatNeedsRestartAndChangeNothing() {
        String refusal =
                settings.update(Map.of("autoCreateSubscriptionGroup", "false", "listenPort", "1"));
        assertThat(refusal).contains("listenPort").contains("restart");
        assertThat(settings.current().autoCreateSubscriptionGroup()).isTrue();
    }

    @Test
    void shouldRefuseAnUpdateAGuardAnswersAReasonFor() {
        settings.guard(next -> next.maxMessageSize() > 1024 ? "over the start's 1024" : null);
        assertThat(settings.update(Map.of("maxMessageSize", "512"))).isNull();
        assertThat(settings.current().maxMessageSize()).isEqualTo(512);
        assertThat(settings.update(Map.of("maxMessageSize", "2048")))
                .isEqualTo("over the start's 1024");
        assertThat(settings.current().maxMessageSize()).isEqualTo(512);
    }

    @Test
    void shouldApplyTheKeysTheReferenceChangesLive() {
        Map<String, String> changes =
                Map.of(
                        "autoCreateTopicEnable", "false",
                        "defaultTopicQueueNums", "2",
                        "traceOn", "false",
                        "regionId", "Elsewhere",
                        "slaveReadEnable", "true",
                        "transactionTimeOut", "1000",
                        "transactionCheckInterval", "500",
                        "transactionCheckMax", "3",
                        "channelExpiredTimeout", "60000",
                        "rebalanceLockMaxLiveTime", "30000");
        assertThat(settings.update(changes)).isNull();
        BrokerConfig now = settings.current();
        assertThat(now.autoCreateTopicEnable()).isFalse();
        assertThat(now.defaultTopicQueueNums()).isEqualTo(2);
        assertThat(now.traceOn()).isFalse();
        assertThat(now.regionId()).isEqualTo("Elsewhere");
        assertThat(now.slaveReadEnable()).isTrue();
        assertThat(now.transactionCheckInterval()).isEqualTo(500);
        assertThat(now.transactionCheckMax()).isEqualTo(3);
        assertThat(now.rebalanceLockMaxLiveTime()).isEqualTo(30_000);
    }

    @Test
    void shouldGiveEachRestartKeyItsOwnReason() {
        assertThat(RestartReasons.of(BrokerConfigKeys.HA_TRANSFER_BATCH_SIZE))
                .contains("replication");
        assertThat(RestartReasons.of(BrokerConfigKeys.HA_LISTEN_PORT)).contains("bound");
        assertThat(RestartReasons.of(BrokerConfigKeys.TIMER_PRECISION_MS)).contains("timer");
        assertThat(RestartReasons.of(BrokerConfigKeys.SERVER_WORKER_THREADS)).contains("threads");
    }

    @Test
    void shouldRefuseUnknownKeyAndBadValue() {
        assertThat(settings.update(Map.of("noSuchKey", "1"))).contains("unknown");
        assertThat(settings.update(Map.of("autoCreateSubscriptionGroup", "maybe")))
                .contains("autoCreateSubscriptionGroup");
        assertThat(settings.current().autoCreateSubscriptionGroup()).isTrue();
    }

    @Test
    void shouldRebuildAnEqualConfigFromItsOwnText() {
        assertThat(BrokerConfig.fromProperties(settings.values()).brokerName())
                .isEqualTo("broker-x");
    }

    @Test
    void shouldKeepLiveChangesAcrossARestartAndIgnoreOtherKeysInTheFile(@TempDir Path dir)
            throws Exception {
        BrokerConfig initial = BrokerConfig.builder().storePathRootDir(dir).build();
        Path file = dir.resolve("config/broker.properties");
        BrokerSettings running = BrokerSettings.open(initial, file);
        assertThat(running.update(Map.of("maxTransferCountOnMessageInMemory", "7"))).isNull();
        assertThat(running.update(Map.of("longPollingEnable", "false"))).isNull();
        Files.writeString(
                file,
                Files.readString(file) + "listenPort=1\n",
                java.nio.file.StandardOpenOption.TRUNCATE_EXISTING);

        BrokerSettings restarted = BrokerSettings.open(initial, file);

        assertThat(restarted.current().maxTransferCountOnMessageInMemory()).isEqualTo(7);
        assertThat(restarted.current().longPollingEnable()).isFalse();
        assertThat(restarted.current().listenPort()).isEqualTo(initial.listenPort());
        assertThat(restarted.text()).contains("maxTransferCountOnMessageInMemory=7\n");
    }

    @Test
    void shouldSayWhyAKeyNeedsARestart() {
        assertThat(settings.update(Map.of("listenPort", "1")))
                .startsWith(
                        "broker config key 'listenPort' cannot change while the broker runs: its"
                                + " socket is bound at start;")
                .contains("fileReservedTime");
        assertThat(settings.update(Map.of("brokerName", "other")))
                .contains("it is the broker's identity");
    }

    @Test
    void shouldRefuseABadValueInTheWordsOfAStart() {
        String atStart = null;
        try {
            BrokerConfig.fromProperties(Map.of("diskMaxUsedSpaceRatio", "99"));
        } catch (IllegalArgumentException e) {
            atStart = e.getMessage();
        }
        assertThat(atStart).isNotNull();
        assertThat(settings.update(Map.of("diskMaxUsedSpaceRatio", "99"))).isEqualTo(atStart);
        assertThat(settings.current().diskMaxUsedSpaceRatio()).isEqualTo(75);
    }

    @Test
    void shouldRewriteTheNamedConfigFileKeepingItsOtherLines(@TempDir Path dir) throws Exception {
        Path conf = dir.resolve("broker.conf");
        Files.writeString(
                conf, "# the operator's file\nbrokerName=broker-c\nfileReservedTime = 48\n");
        BrokerConfig initial =
                BrokerConfig.builder()
                        .storePathRootDir(dir.resolve("store"))
                        .set("brokerConfigPath", conf.toString())
                        .build();
        BrokerSettings running = BrokerSettings.open(initial);
        java.util.List<BrokerConfig> seen = new java.util.ArrayList<>();
        running.onChange(seen::add);

        assertThat(running.update(Map.of("fileReservedTime", "12", "deleteWhen", "03"))).isNull();

        assertThat(running.current().fileReservedTime()).isEqualTo(12);
        assertThat(seen).hasSize(1);
        assertThat(seen.get(0).deleteWhen()).isEqualTo(3);
        assertThat(Files.readAllLines(conf))
                .containsExactly(
                        "# the operator's file",
                        "brokerName=broker-c",
                        "fileReservedTime=12",
                        "deleteWhen=03");
        assertThat(Files.exists(dir.resolve("store/config/broker.properties"))).isFalse();
        assertThat(Files.exists(dir.resolve("broker.conf.tmp"))).isFalse();
    }
}
