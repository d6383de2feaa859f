package io.bolide.controller;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringReader;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Properties;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * GET_CONTROLLER_CONFIG and UPDATE_CONTROLLER_CONFIG over real frames from Apache's remoting
 * client, as mqadmin getControllerConfig and updateControllerConfig send them, against a one-member
 * controller group.
 */
class ControllerConfigCodesTest {
    @TempDir Path dir;
    private final ApacheCaller caller = new ApacheCaller();
    private Controller controller;
    private String address;

    @BeforeEach
    void start() throws Exception {
        int rpcPort = freePort();
        String raft = "127.0.0.1:" + freePort();
        address = "127.0.0.1:" + rpcPort;
        controller =
                Controller.start(
                        ControllerConfig.builder()
                                .set(ControllerConfigKeys.JRAFT_SERVER_ID, raft)
                                .set(ControllerConfigKeys.JRAFT_INIT_CONF, raft)
                                .set(ControllerConfigKeys.JRAFT_CONTROLLER_RPC_ADDR, address)
                                .set(ControllerConfigKeys.CONTROLLER_STORE_PATH, dir.toString())
                                .build());
    }

    @AfterEach
    void stop() {
        caller.close();
        if (controller != null) {
            controller.close();
        }
    }

    @Test
    void shouldAnswerItsKeysAndApplyALiveUpdate() throws Exception {
        assertThat(config().getProperty("controllerHeartBeatTimeoutMills")).isEqualTo("10000");

        RemotingCommand update =
                update("controllerHeartBeatTimeoutMills=3000\nelectMasterMaxRetryCount=5\n");

        assertThat(update.getCode()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(config().getProperty("controllerHeartBeatTimeoutMills")).isEqualTo("3000");
        assertThat(config().getProperty("electMasterMaxRetryCount")).isEqualTo("5");
        assertThat(controller.core().liveness().defaultTimeoutMillis()).isEqualTo(3000);
    }

    @Test
    void shouldRefuseAllWhenOneKeyIsNotChangeable() throws Exception {
        RemotingCommand update =
                update("controllerHeartBeatTimeoutMills=3000\njRaftInitConf=127.0.0.1:1\n");

        assertThat(update.getCode()).isEqualTo(ResponseCode.NO_PERMISSION);
        assertThat(update.getRemark()).contains("jRaftInitConf");
        assertThat(config().getProperty("controllerHeartBeatTimeoutMills")).isEqualTo("10000");
        assertThat(controller.core().liveness().defaultTimeoutMillis()).isEqualTo(10_000);
    }

    @Test
    void shouldRefuseTheBlackList() throws Exception {
        RemotingCommand update = update("configBlackList=\n");

        assertThat(update.getCode()).isEqualTo(ResponseCode.NO_PERMISSION);
        assertThat(update.getRemark()).contains("configBlackList");
    }

    private Properties config() throws Exception {
        RemotingCommand answer =
                caller.call(address, RequestCode.GET_CONTROLLER_CONFIG, null, null);
        assertThat(answer.getCode()).isEqualTo(ResponseCode.SUCCESS);
        Properties properties = new Properties();
        properties.load(new StringReader(new String(answer.getBody(), StandardCharsets.UTF_8)));
        return properties;
    }

    private RemotingCommand update(String text) throws Exception {
        return caller.call(
                address,
                RequestCode.UPDATE_CONTROLLER_CONFIG,
                null,
                text.getBytes(StandardCharsets.UTF_8));
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
