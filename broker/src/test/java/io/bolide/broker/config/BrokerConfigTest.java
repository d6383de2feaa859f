package io.bolide.broker.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bolide.remoting.config.Key;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class BrokerConfigTest {
    @Test
    void shouldUseRocketMqDefaults() {
        BrokerConfig config = BrokerConfig.builder().build();
        assertThat(config.listenPort()).isEqualTo(10911);
        assertThat(config.brokerClusterName()).isEqualTo("DefaultCluster");
        assertThat(config.maxMessageSize()).isEqualTo(4 * 1024 * 1024);
        assertThat(config.flushDiskType()).isEqualTo(FlushDiskType.ASYNC_FLUSH);
        assertThat(config.autoCreateTopicEnable()).isTrue();
        assertThat(config.defaultTopicQueueNums()).isEqualTo(8);
        assertThat(config.registerNameServerPeriod()).isEqualTo(30_000);
        assertThat(config.channelExpiredTimeout()).isEqualTo(120_000);
        assertThat(config.namesrvAddr()).isEmpty();
    }

    @Test
    void shouldReadBrokerConfKeys() {
        BrokerConfig config =
                BrokerConfig.fromProperties(
                        Map.of(
                                "brokerName", "broker-b",
                                "listenPort", "20911",
                                "namesrvAddr", "10.0.0.1:9876;10.0.0.2:9876",
                                "brokerIP1", "192.0.2.7",
                                "flushDiskType", "SYNC_FLUSH",
                                "storePathRootDir", "/tmp/x",
                                "deleteWhen", "04;05",
                                "autoCreateTopicEnable", "false"));
        assertThat(config.brokerName()).isEqualTo("broker-b");
        assertThat(config.listenPort()).isEqualTo(20911);
        assertThat(config.namesrvAddr()).isEqualTo("10.0.0.1:9876;10.0.0.2:9876");
        assertThat(config.brokerIP1()).isEqualTo("192.0.2.7");
        assertThat(config.flushDiskType()).isEqualTo(FlushDiskType.SYNC_FLUSH);
        assertThat(config.storePathRootDir()).isEqualTo(Path.of("/tmp/x"));
        assertThat(config.deleteWhen()).isEqualTo(4);
        assertThat(config.autoCreateTopicEnable()).isFalse();
    }

    @Test
    void shouldRejectUnknownKeyNamingIt() {
        assertThatThrownBy(() -> BrokerConfig.fromProperties(Map.of("listenPrt", "1")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown broker config key 'listenPrt'")
                .hasMessageContaining("listenPort");
    }

    @Test
    void shouldRejectBadValueNamingKey() {
        assertThatThrownBy(() -> BrokerConfig.fromProperties(Map.of("listenPort", "70000")))
                .hasMessageContaining("'listenPort'")
                .hasMessageContaining("[0, 65535]");
        assertThatThrownBy(() -> BrokerConfig.fromProperties(Map.of("longPollingEnable", "yes")))
                .hasMessageContaining("'longPollingEnable'");
        assertThatThrownBy(() -> BrokerConfig.fromProperties(Map.of("flushDiskType", "NEVER")))
                .hasMessageContaining("'flushDiskType'");
    }

    @Test
    void shouldDeclareEachKeyOnceWithDoc() {
        Set<String> names = new HashSet<>();
        for (Key<?> key : BrokerConfig.keys()) {
            assertThat(names.add(key.name())).as(key.name()).isTrue();
            assertThat(key.doc()).isNotBlank();
            BrokerConfig.builder().set(key.name(), key.defaultText());
        }
        assertThat(names).contains("brokerClusterName", "mappedFileSizeCommitLog", "brokerIP1");
        // the older name (Bolide's until the reference's 5.x name was adopted) still works
        assertThat(BrokerConfig.keyTable().find("mapedFileSizeCommitLog").name())
                .isEqualTo("mappedFileSizeCommitLog");
    }

    @Test
    void shouldRunMastersAsIdZeroAndRefuseSlavesWithoutAnIdOrControllerIds() {
        BrokerConfig master = BrokerConfig.fromProperties(Map.of("brokerId", "3"));
        BrokerConfig slave =
                BrokerConfig.fromProperties(Map.of("brokerId", "2", "brokerRole", "SLAVE"));

        assertThat(master.brokerId()).isZero();
        assertThat(master.brokerRole()).isEqualTo(BrokerRole.ASYNC_MASTER);
        assertThat(slave.brokerId()).isEqualTo(2);
        assertThatThrownBy(() -> BrokerConfig.fromProperties(Map.of("brokerRole", "SLAVE")))
                .hasMessageContaining("'brokerId' must be 1 or more for brokerRole=SLAVE");
        assertThatThrownBy(() -> BrokerConfig.fromProperties(Map.of("brokerId", "-2")))
                .hasMessageContaining("a negative id");
        assertThat(
                        BrokerConfig.fromProperties(
                                        Map.of(
                                                "brokerId", "-1",
                                                "brokerRole", "SLAVE",
                                                "enableControllerMode", "true"))
                                .brokerRole())
                .isEqualTo(BrokerRole.SLAVE);
    }

    @Test
    void shouldDeriveTheHaPortFromTheListenPortUnlessSet() {
        assertThat(BrokerConfig.fromProperties(Map.of()).haListenPort()).isEqualTo(10912);
        assertThat(BrokerConfig.fromProperties(Map.of("listenPort", "20911")).haListenPort())
                .isEqualTo(20912);
        assertThat(BrokerConfig.fromProperties(Map.of("listenPort", "0")).haListenPort()).isZero();
        assertThat(BrokerConfig.fromProperties(Map.of("haListenPort", "7000")).haListenPort())
                .isEqualTo(7000);
    }

    @Test
    void shouldAcceptStorePathCommitLogOnlyWhereTheCommitLogIs() {
        BrokerConfig same =
                BrokerConfig.fromProperties(
                        Map.of(
                                "storePathRootDir",
                                "/data/s",
                                "storePathCommitLog",
                                "/data/s/commitlog"));

        assertThat(same.storePathRootDir()).isEqualTo(Path.of("/data/s"));
        assertThatThrownBy(
                        () ->
                                BrokerConfig.fromProperties(
                                        Map.of(
                                                "storePathRootDir",
                                                "/data/s",
                                                "storePathCommitLog",
                                                "/other/commitlog")))
                .hasMessageContaining("'storePathCommitLog'")
                .hasMessageContaining("set storePathRootDir to move it");
    }
}
