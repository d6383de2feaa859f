package io.bolide.namesrv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bolide.testsupport.Await;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** enableControllerInNamesrv=true: a controller in the name server's process, on its own port. */
class EmbeddedControllerTest {
    @TempDir Path dir;

    @Test
    void shouldRunAControllerOnItsOwnPortWhenEnabled() throws Exception {
        String raft = "127.0.0.1:" + freePort();
        String rpc = "127.0.0.1:" + freePort();
        NameServerConfig config =
                NameServerConfig.read(
                        Map.of(
                                "listenPort",
                                "0",
                                "enableControllerInNamesrv",
                                "true",
                                "jRaftServerId",
                                raft,
                                "jRaftInitConf",
                                raft,
                                "jRaftControllerRPCAddr",
                                rpc,
                                "jRaftElectionTimeoutMs",
                                "300",
                                "controllerStorePath",
                                dir.toString()),
                        note -> {});
        try (NameServer ns = NameServer.start(config)) {
            assertThat(ns.controller()).isNotNull();
            assertThat(ns.controller().port()).isEqualTo(Integer.parseInt(rpc.split(":")[1]));
            Await.until(Duration.ofSeconds(20), ns.controller()::isLeader, "a lone leader");
        }
    }

    @Test
    void shouldRunNoControllerByDefault() throws Exception {
        try (NameServer ns = NameServer.start(NameServerConfig.builder().listenPort(0).build())) {
            assertThat(ns.controller()).isNull();
        }
    }

    @Test
    void shouldRefuseAServerIdOutsideTheInitialConfiguration() {
        NameServerConfig config =
                NameServerConfig.fromProperties(
                        Map.of(
                                "enableControllerInNamesrv", "true",
                                "jRaftServerId", "127.0.0.1:1",
                                "jRaftInitConf", "127.0.0.1:2",
                                "jRaftControllerRPCAddr", "127.0.0.1:3"));
        assertThatThrownBy(config::controllerConfig)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("jRaftServerId");
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
