package io.bolide.dist;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bolide.broker.config.BrokerConfig;
import io.bolide.broker.config.BrokerConfigKeys;
import io.bolide.broker.config.BrokerRole;
import io.bolide.broker.config.FlushDiskType;
import io.bolide.namesrv.NameServerConfig;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The configuration files Apache RocketMQ ships (their key lines, as in its distribution's conf/
 * directory) start Bolide unchanged, or are refused with the documented message.
 */
class ReferenceSampleConfigsTest {
    /** conf/broker.conf, and conf/2m-2s-async/broker-a.properties, 2m-noslave/broker-a. */
    private static final String STOCK =
            "brokerClusterName = DefaultCluster\n"
                    + "brokerName = broker-a\n"
                    + "brokerId = 0\n"
                    + "deleteWhen = 04\n"
                    + "fileReservedTime = 48\n"
                    + "brokerRole = ASYNC_MASTER\n"
                    + "flushDiskType = ASYNC_FLUSH\n";

    @TempDir Path dir;

    @Test
    void shouldApplyTheStockBrokerConfAndNoteTheRoleItDoesNotNeed() throws IOException {
        List<String> notes = new ArrayList<>();

        BrokerConfig config =
                BrokerSettings.resolve(write("broker.conf", STOCK), Map.of(), notes::add);

        assertThat(config.brokerClusterName()).isEqualTo("DefaultCluster");
        assertThat(config.brokerName()).isEqualTo("broker-a");
        assertThat(config.deleteWhen()).isEqualTo(4);
        assertThat(config.fileReservedTime()).isEqualTo(48);
        assertThat(config.flushDiskType()).isEqualTo(FlushDiskType.ASYNC_FLUSH);
        assertThat(config.brokerRole()).isEqualTo(BrokerRole.ASYNC_MASTER);
        assertThat(notes).isEmpty();
    }

    @Test
    void shouldStartTheSyncMasterAndTraceBrokerSamples() throws IOException {
        String syncMaster = STOCK.replace("ASYNC_MASTER", "SYNC_MASTER");
        String trace = STOCK.replace("broker-a", "broker-trace") + "autoTraceBrokerEnable=true";

        assertThat(BrokerSettings.resolve(write("sync.conf", syncMaster), Map.of()).brokerName())
                .isEqualTo("broker-a");
        assertThat(BrokerSettings.resolve(write("trace.conf", trace), Map.of()).brokerName())
                .isEqualTo("broker-trace");
    }

    @Test
    void shouldApplyTheSlaveSamples() throws IOException {
        String slave = STOCK.replace("brokerId = 0", "brokerId=1").replace("ASYNC_MASTER", "SLAVE");

        BrokerConfig config =
                BrokerSettings.resolve(write("broker-a-s.properties", slave), Map.of());

        assertThat(config.brokerRole()).isEqualTo(BrokerRole.SLAVE);
        assertThat(config.brokerId()).isEqualTo(1);
    }

    @Test
    void shouldAcceptControllerModeAndRefuseDledgerNamingKeyValueAndWhatInstead()
            throws IOException {
        Path controller =
                write(
                        "broker-n0.conf",
                        STOCK.replace("brokerId = 0", "brokerId = -1")
                                + "enableControllerMode = true\n"
                                + "controllerAddr = 127.0.0.1:9878\n"
                                + "namesrvAddr = 127.0.0.1:9876\n"
                                + "allAckInSyncStateSet=true\n"
                                + "listenPort=30911\n"
                                + "storePathRootDir=/tmp/rmqstore/node00\n"
                                + "storePathCommitLog=/tmp/rmqstore/node00/commitlog\n");
        Path dledger =
                write(
                        "dledger-n0.conf",
                        "brokerClusterName = RaftCluster\nbrokerName=RaftNode00\nlistenPort=30911\n"
                                + "storePathRootDir=/tmp/rmqstore/node00\n"
                                + "storePathCommitLog=/tmp/rmqstore/node00/commitlog\n"
                                + "enableDLegerCommitLog=true\ndLegerGroup=RaftNode00\n"
                                + "dLegerPeers=n0-127.0.0.1:40911;n1-127.0.0.1:40912\n"
                                + "dLegerSelfId=n0\nsendMessageThreadPoolNums=16\n");

        BrokerConfig controlled = BrokerSettings.resolve(controller, Map.of());
        assertThat(controlled.values().get(BrokerConfigKeys.CONTROLLER_MODE.controllerAddr))
                .isEqualTo("127.0.0.1:9878");
        assertThat(controlled.inSyncRules().allAck()).isTrue();
        assertThatThrownBy(() -> BrokerSettings.resolve(dledger, Map.of()))
                .hasMessageContaining(
                        "broker.conf key enableDLegerCommitLog=true is refused: the DLedger"
                                + " commit log is not supported")
                .hasMessageContaining("remove the key");
    }

    @Test
    void shouldExitWithStatusTwoSuggestingTheNameForATypo() throws IOException {
        Path file = write("broker.conf", STOCK + "flushDiskTyp=SYNC_FLUSH\n");
        StringWriter err = new StringWriter();

        int status =
                BolideCommand.commandLine()
                        .setErr(new PrintWriter(err, true))
                        .execute("check-config", file.toString());

        assertThat(status).isEqualTo(2);
        assertThat(err.toString())
                .startsWith("bolide: " + file)
                .contains(
                        "unknown broker config key 'flushDiskTyp' (did you mean 'flushDiskType'?)");
    }

    @Test
    void shouldParseValuesAsTheReferenceDoes() throws IOException {
        Path file =
                write(
                        "broker.conf",
                        "listenPort =  30911  \n",
                        "autoCreateTopicEnable=FALSE\n",
                        "longPollingEnable = True\n");
        // The reference's enum setters are case-sensitive and swallow the error (the role stays
        // ASYNC_MASTER); Bolide refuses instead of running a role the file did not ask for.
        Path lowerCaseRole = write("role.conf", "brokerRole=sync_master\n");

        BrokerConfig config = BrokerSettings.resolve(file, Map.of());

        assertThat(config.listenPort()).isEqualTo(30911);
        assertThat(config.autoCreateTopicEnable()).isFalse();
        assertThat(config.longPollingEnable()).isTrue();
        assertThatThrownBy(() -> BrokerSettings.resolve(lowerCaseRole, Map.of()))
                .hasMessageContaining("bad value 'sync_master' for broker config key 'brokerRole'");
    }

    @Test
    void shouldCheckANamesrvConfWithoutStartingAndAcceptAControllerInIt() throws IOException {
        Path quickStart =
                write(
                        "namesrv.conf",
                        "enableStartupController=true\ncontrollerDLegerGroup = group1\n"
                                + "controllerDLegerPeers = n0-127.0.0.1:9878\n"
                                + "controllerDLegerSelfId = n0\n");
        Path plugin =
                write("namesrv-n0.conf", "listenPort = 9876\nenableControllerInNamesrv = true\n");
        StringWriter out = new StringWriter();

        int status =
                BolideCommand.commandLine()
                        .setOut(new PrintWriter(out, true))
                        .execute("check-config", "--namesrv", quickStart.toString());

        assertThat(status).isZero();
        assertThat(out.toString())
                .contains("namesrv.conf key controllerDLegerGroup=group1 has no effect in Bolide")
                .contains(
                        quickStart + ": good as a namesrv.conf; 4 key(s) accepted without effect");
        assertThat(NamesrvSettings.resolve(quickStart, null).listenPort())
                .isEqualTo(NameServerConfig.DEFAULT_PORT);
        // The reference's controller-in-name-server file now starts Bolide's embedded controller
        // (jRaft, docs/controller.md), with its defaults for the keys the file leaves out.
        assertThat(NamesrvSettings.resolve(plugin, null).controllerConfig()).isNotNull();
    }

    @Test
    void shouldStartFromTheStockBrokerConfUnchanged() throws Exception {
        Path conf = write("broker.conf", STOCK);
        try (ChildBolide child =
                ChildBolide.launch(
                        dir,
                        "start",
                        "-c",
                        conf.toString(),
                        "--namesrv-port",
                        "0",
                        "--broker-port",
                        "0")) {
            child.awaitLine(line -> line.contains("bolide ready: name server"), 60_000);

            assertThat(child.output())
                    .contains("(cluster DefaultCluster, broker-a)")
                    .doesNotContain("has no effect in Bolide");
            assertThat(child.terminate(30_000)).isZero();
        }
    }

    private Path write(String name, String... lines) throws IOException {
        return Files.writeString(dir.resolve(name), String.join("", lines));
    }
}
