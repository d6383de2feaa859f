package io.bolide.controller;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.testsupport.Await;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.apache.rocketmq.remoting.protocol.body.SyncStateSet;
import org.apache.rocketmq.remoting.protocol.header.controller.ElectMasterResponseHeader;
import org.apache.rocketmq.remoting.protocol.header.controller.GetMetaDataResponseHeader;
import org.apache.rocketmq.remoting.protocol.header.controller.GetReplicaInfoResponseHeader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three controllers in one JVM on loopback ports, spoken to by Apache's remoting client: the state
 * reaches every controller, the group survives its leader, and a restart recovers from snapshot and
 * log.
 */
class ControllerClusterTest {
    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final String CLUSTER = "c1";
    private static final String GROUP = "broker-a";

    @TempDir Path dir;
    private final Controller[] nodes = new Controller[3];
    private final List<String> raft = new ArrayList<>();
    private final List<String> rpc = new ArrayList<>();
    private final ApacheCaller caller = new ApacheCaller();

    @AfterEach
    void stop() {
        caller.close();
        for (Controller node : nodes) {
            if (node != null) {
                node.close();
            }
        }
    }

    @Test
    void shouldReplicateSurviveTheLeadersLossAndRecoverAfterARestart() throws Exception {
        for (int i = 0; i < 3; i++) {
            raft.add("127.0.0.1:" + freePort());
            rpc.add("127.0.0.1:" + freePort());
        }
        for (int i = 0; i < 3; i++) {
            nodes[i] = start(i);
        }
        int leader = awaitLeader();
        String at = rpc.get(leader);
        joinGroup(at);
        RemotingCommand elected = caller.elect(at, CLUSTER, GROUP, 1);
        assertThat(elected.getCode()).isEqualTo(ResponseCode.SUCCESS);
        var master = elected.decodeCommandCustomHeader(ElectMasterResponseHeader.class);
        assertThat(master.getMasterEpoch()).isEqualTo(1);
        RemotingCommand altered =
                caller.alter(at, GROUP, 1, 1, new SyncStateSet(Set.of(1L, 2L), 1));
        assertThat(altered.getCode()).as(altered.getRemark()).isEqualTo(ResponseCode.SUCCESS);
        for (Controller node : nodes) {
            Await.until(WAIT, () -> syncStateSetEpoch(node) == 2, "every controller applies");
        }

        int follower = (leader + 1) % 3;
        assertThat(caller.replicaInfo(rpc.get(follower), GROUP).getCode())
                .isEqualTo(ResponseCode.CONTROLLER_NOT_LEADER);
        var metadata =
                caller.metadata(rpc.get(follower))
                        .decodeCommandCustomHeader(GetMetaDataResponseHeader.class);
        assertThat(metadata.getControllerLeaderAddress()).isEqualTo(at);
        assertThat(metadata.isLeader()).isFalse();

        nodes[leader].close();
        nodes[leader] = null;
        int next = awaitLeader();
        assertThat(next).isNotEqualTo(leader);
        assertReplicaInfo(rpc.get(next));

        for (Controller node : nodes) {
            if (node != null) {
                node.raft().snapshot().get();
            }
        }
        for (int i = 0; i < 3; i++) {
            if (nodes[i] != null) {
                nodes[i].close();
            }
            nodes[i] = null;
        }
        for (int i = 0; i < 3; i++) {
            nodes[i] = start(i);
        }
        int restarted = awaitLeader();
        caller.heartbeat(rpc.get(restarted), CLUSTER, GROUP, 1);
        assertReplicaInfo(rpc.get(restarted));
        assertThat(caller.nextId(rpc.get(restarted), CLUSTER, GROUP).getExtFields())
                .containsEntry("nextBrokerId", "3");
    }

    private void joinGroup(String at) throws Exception {
        for (long id = 1; id <= 2; id++) {
            assertThat(caller.nextId(at, CLUSTER, GROUP).getExtFields())
                    .containsEntry("nextBrokerId", String.valueOf(id));
            assertThat(caller.applyId(at, CLUSTER, GROUP, id).getCode())
                    .isEqualTo(ResponseCode.SUCCESS);
            assertThat(caller.register(at, CLUSTER, GROUP, id).getCode())
                    .isEqualTo(ResponseCode.SUCCESS);
            assertThat(caller.heartbeat(at, CLUSTER, GROUP, id).getCode())
                    .isEqualTo(ResponseCode.SUCCESS);
        }
    }

    private void assertReplicaInfo(String at) throws Exception {
        RemotingCommand info = caller.replicaInfo(at, GROUP);
        assertThat(info.getCode()).isEqualTo(ResponseCode.SUCCESS);
        var header = info.decodeCommandCustomHeader(GetReplicaInfoResponseHeader.class);
        assertThat(header.getMasterBrokerId()).isEqualTo(1L);
        assertThat(header.getMasterAddress()).isEqualTo(ApacheCaller.brokerAddress(1));
        assertThat(header.getMasterEpoch()).isEqualTo(1);
        SyncStateSet set = SyncStateSet.decode(info.getBody(), SyncStateSet.class);
        assertThat(set.getSyncStateSet()).containsOnly(1L, 2L);
        assertThat(set.getSyncStateSetEpoch()).isEqualTo(2);
    }

    private static int syncStateSetEpoch(Controller node) {
        return node.core()
                .state()
                .read(s -> s.group(GROUP) == null ? 0 : s.group(GROUP).syncStateSetEpoch());
    }

    /** The leader, once every running controller agrees on it. */
    private int awaitLeader() {
        int[] found = {-1};
        Await.until(
                WAIT,
                Duration.ofMillis(20),
                () -> {
                    found[0] = agreedLeader();
                    return found[0] >= 0;
                },
                "a controller leader all agree on");
        return found[0];
    }

    private int agreedLeader() {
        for (int i = 0; i < 3; i++) {
            if (nodes[i] != null && nodes[i].isLeader()) {
                for (Controller node : nodes) {
                    if (node != null && !node.raft().leaderId().equals(raft.get(i))) {
                        return -1;
                    }
                }
                return i;
            }
        }
        return -1;
    }

    private Controller start(int index) throws InterruptedException {
        ControllerConfig config =
                ControllerConfig.builder()
                        .set(ControllerConfigKeys.JRAFT_SERVER_ID, raft.get(index))
                        .set(ControllerConfigKeys.JRAFT_INIT_CONF, String.join(",", raft))
                        .set(ControllerConfigKeys.JRAFT_CONTROLLER_RPC_ADDR, String.join(",", rpc))
                        .set(ControllerConfigKeys.JRAFT_ELECTION_TIMEOUT_MS, 300)
                        .set(
                                ControllerConfigKeys.CONTROLLER_STORE_PATH,
                                dir.resolve("c" + index).toString())
                        .build();
        return Controller.start(config);
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
