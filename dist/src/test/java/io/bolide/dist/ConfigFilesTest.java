package io.bolide.dist;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bolide.broker.config.BrokerConfig;
import io.bolide.broker.config.BrokerConfigKeys;
import io.bolide.broker.config.FlushDiskType;
import io.bolide.namesrv.NameServerConfig;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigFilesTest {
    @TempDir Path dir;

    @Test
    void shouldApplyRocketMqBrokerConfKeys() throws IOException {
        Path file =
                write(
                        "broker.conf",
                        "# a broker.conf as RocketMQ ships it\n",
                        "brokerClusterName = ProdCluster\n",
                        "brokerName=broker-b\n",
                        "brokerId=0\n",
                        "listenPort=20911\n",
                        "namesrvAddr=10.0.0.1:9876;10.0.0.2:9876\n",
                        "flushDiskType=SYNC_FLUSH\n",
                        "autoCreateTopicEnable=false\n",
                        "storePathRootDir=/var/bolide/store\n");

        BrokerConfig config = BrokerSettings.resolve(file, Map.of());

        assertThat(config.brokerClusterName()).isEqualTo("ProdCluster");
        assertThat(config.brokerName()).isEqualTo("broker-b");
        assertThat(config.listenPort()).isEqualTo(20911);
        assertThat(config.namesrvAddr()).isEqualTo("10.0.0.1:9876;10.0.0.2:9876");
        assertThat(config.flushDiskType()).isEqualTo(FlushDiskType.SYNC_FLUSH);
        assertThat(config.autoCreateTopicEnable()).isFalse();
        assertThat(config.storePathRootDir()).isEqualTo(Path.of("/var/bolide/store"));
    }

    @Test
    void shouldWriteLiveChangesToTheStartFileUnlessItNamesAnother() throws IOException {
        Path file = write("live.conf", "brokerName=broker-l\n");
        assertThat(
                        BrokerSettings.resolve(file, Map.of())
                                .values()
                                .get(BrokerConfigKeys.BROKER_CONFIG_PATH))
                .isEqualTo(file.toAbsolutePath().toString());
        Path named = write("named.conf", "brokerConfigPath=/etc/bolide/kept.conf\n");
        assertThat(
                        BrokerSettings.resolve(named, Map.of())
                                .values()
                                .get(BrokerConfigKeys.BROKER_CONFIG_PATH))
                .isEqualTo("/etc/bolide/kept.conf");
        assertThat(
                        BrokerSettings.resolve(null, Map.of())
                                .values()
                                .get(BrokerConfigKeys.BROKER_CONFIG_PATH))
                .isEmpty();
    }

    @Test
    void shouldStoreUnderDataByDefaultAndLetCommandLineOverrideTheFile() throws IOException {
        Path file = write("broker.conf", "namesrvAddr=10.0.0.1:9876\n");

        BrokerConfig defaults = BrokerSettings.resolve(null, Map.of());
        BrokerConfig overridden =
                BrokerSettings.resolve(
                        file, Map.of("namesrvAddr", "127.0.0.1:9999", "storePathRootDir", "d"));

        assertThat(defaults.storePathRootDir()).isEqualTo(Path.of("data"));
        assertThat(defaults.listenPort()).isEqualTo(10911);
        assertThat(overridden.namesrvAddr()).isEqualTo("127.0.0.1:9999");
        assertThat(overridden.storePathRootDir()).isEqualTo(Path.of("d"));
    }

    @Test
    void shouldRejectUnknownBrokerKeyNamingItAndTheFile() throws IOException {
        Path file = write("broker.conf", "brokerName=b\n", "brokerNmae=typo\n");

        assertThatThrownBy(() -> BrokerSettings.resolve(file, Map.of()))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("unknown broker config key 'brokerNmae'")
                .hasMessageContaining(file.toString())
                .hasMessageContaining("brokerName");
    }

    @Test
    void shouldRejectBadBrokerValueNamingTheKey() throws IOException {
        Path file = write("broker.conf", "listenPort=eighty\n");

        assertThatThrownBy(() -> BrokerSettings.resolve(file, Map.of()))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("listenPort");
    }

    @Test
    void shouldApplyNamesrvListenPortAndLetPortOptionWin() throws IOException {
        Path file = write("namesrv.conf", "listenPort=19876\n", "bindAddress=127.0.0.1\n");

        NameServerConfig fromFile = NamesrvSettings.resolve(file, null);
        NameServerConfig overridden = NamesrvSettings.resolve(file, 29876);

        assertThat(fromFile.listenPort()).isEqualTo(19876);
        assertThat(fromFile.bindAddress()).isEqualTo("127.0.0.1");
        assertThat(overridden.listenPort()).isEqualTo(29876);
        assertThat(NamesrvSettings.resolve(null, null).listenPort()).isEqualTo(9876);
    }

    @Test
    void shouldApplyEveryDocumentedNamesrvKeyFromTheFile() throws IOException {
        Path file =
                write(
                        "namesrv.conf",
                        "kvConfigPath=/var/bolide/kvConfig.json\n",
                        "scanNotActiveBrokerInterval=2000\n",
                        "brokerExpiryMillis=60000\n",
                        "maxFrame=2048\n");

        NameServerConfig config = NamesrvSettings.resolve(file, null);

        assertThat(config.kvConfigPath()).isEqualTo(Path.of("/var/bolide/kvConfig.json"));
        assertThat(config.scanIntervalMillis()).isEqualTo(2000);
        assertThat(config.brokerExpiryMillis()).isEqualTo(60_000);
        assertThat(config.maxFrame()).isEqualTo(2048);
        assertThat(NamesrvSettings.resolve(null, null).kvConfigPath()).isNull();
    }

    @Test
    void shouldRejectBadNamesrvValueNamingKeyValueAndFile() throws IOException {
        Path file = write("namesrv.conf", "listenPort=eighty\n");

        assertThatThrownBy(() -> NamesrvSettings.resolve(file, null))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining(file.toString())
                .hasMessageContaining("'eighty'")
                .hasMessageContaining("name server config key 'listenPort'");
    }

    @Test
    void shouldRejectUnknownNamesrvKey() throws IOException {
        // orderMessageEnable itself is a reference key, accepted without effect (ReferenceKeys)
        Path file = write("namesrv.conf", "listenPort=19876\n", "orderMessageEnabled=true\n");

        assertThatThrownBy(() -> NamesrvSettings.resolve(file, null))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("unknown name server config key 'orderMessageEnabled'")
                .hasMessageContaining("listenPort");
    }

    @Test
    void shouldExitWithStatusTwoAndClearMessageForUnknownKey() throws IOException {
        Path file = write("broker.conf", "flushDiskTyp=SYNC_FLUSH\n");
        StringWriter err = new StringWriter();

        int status =
                BolideCommand.roleCommandLine("broker")
                        .setErr(new PrintWriter(err, true))
                        .execute("-c", file.toString());

        assertThat(status).isEqualTo(2);
        assertThat(err.toString())
                .startsWith("bolide: ")
                .contains("unknown broker config key 'flushDiskTyp'");
    }

    @Test
    void shouldExitWithStatusTwoForMissingConfigFile() {
        StringWriter err = new StringWriter();

        int status =
                BolideCommand.commandLine()
                        .setErr(new PrintWriter(err, true))
                        .execute("namesrv", "-c", dir.resolve("absent.conf").toString());

        assertThat(status).isEqualTo(2);
        assertThat(err.toString()).contains("cannot read config file").contains("absent.conf");
    }

    @Test
    void shouldRejectAnUnknownOptionOfARoleWithItsUsage() {
        StringWriter err = new StringWriter();

        int status =
                BolideCommand.roleCommandLine("start")
                        .setErr(new PrintWriter(err, true))
                        .execute("--bogus");

        assertThat(status).isEqualTo(2);
        assertThat(err.toString())
                .contains("Unknown option: '--bogus'")
                .contains("Usage: bolide start");
    }

    @Test
    void shouldPrintARolesUsageForHelp() {
        StringWriter out = new StringWriter();

        int status =
                BolideCommand.roleCommandLine("namesrv")
                        .setOut(new PrintWriter(out, true))
                        .execute("--help");

        assertThat(status).isZero();
        assertThat(out.toString()).startsWith("Usage: bolide namesrv").contains("--port=PORT");
    }

    @Test
    void shouldExitWithStatusTwoForUnknownSubcommand() {
        StringWriter err = new StringWriter();

        int status = BolideCommand.commandLine().setErr(new PrintWriter(err, true)).execute("stat");

        assertThat(status).isEqualTo(2);
    }

    @Test
    void shouldListEveryAcceptedKeyWithItsDefault() {
        StringWriter out = new StringWriter();

        int status = BolideCommand.commandLine().setOut(new PrintWriter(out, true)).execute("keys");

        assertThat(status).isZero();
        for (io.bolide.remoting.config.Key<?> key : BrokerConfig.keys()) {
            assertThat(out.toString()).contains("  " + key.name() + " (");
        }
        assertThat(out.toString()).contains("namesrv.conf").contains("default '9876'");
    }

    private Path write(String name, String... lines) throws IOException {
        return Files.writeString(dir.resolve(name), String.join("", lines));
    }
}
