package io.bolide.controller;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.protocol.body.SyncStateSet;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.header.AlterSyncStateSetRequestHeader;
import io.bolide.protocol.header.RegisterBrokerToControllerRequestHeader;
import io.bolide.testsupport.MutableClock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Fail-over without waiting (#37), on a fake clock that never moves: a master whose heartbeat
 * connection closes is replaced at once (also within a new leader's grace, when the master beat to
 * that leader since it took the lead), and the election's outcome is told to the group's living
 * replicas (NOTIFY_BROKER_ROLE_CHANGED).
 */
class FastFailoverTest {
    private static final String CLUSTER = "c1";
    private static final String GROUP = "broker-a";
    private static final long TIMEOUT = 10_000;

    private final MutableClock clock = new MutableClock(1_000_000);
    private final ControllerState state = new ControllerState();
    private final Liveness liveness = new Liveness(clock, TIMEOUT);
    private final DirectReplication replication = new DirectReplication(state);
    private final ExecutorService writer = Executors.newSingleThreadExecutor();
    private final ControllerCore core =
            new ControllerCore(state, liveness, replication, writer, false, 3);
    private final Map<String, RoleChanges.Change> told = new ConcurrentHashMap<>();
    private final Object[] connections = {null, new Object(), new Object(), new Object()};

    @AfterEach
    void stop() {
        writer.shutdownNow();
    }

    @Test
    void shouldElectAtOnceWhenTheMastersConnectionCloses() throws Exception {
        threeReplicasWithMaster1InSyncWith2();

        List<Outcome> elections = core.connectionClosed(connections[1]).get();

        assertThat(elections).extracting(Outcome::code).containsExactly(ResponseCode.SUCCESS);
        assertThat(group().master()).isEqualTo(2L);
        assertThat(liveness.isAlive(GROUP, 1L)).isFalse();
    }

    @Test
    void shouldNotElectWhenASlavesConnectionCloses() throws Exception {
        threeReplicasWithMaster1InSyncWith2();

        assertThat(core.connectionClosed(connections[3]).get()).isEmpty();

        assertThat(group().master()).isEqualTo(1L);
        assertThat(liveness.isAlive(GROUP, 3L)).isFalse();
    }

    @Test
    void shouldKeepAReplicaHeardOverANewerConnectionAlive() throws Exception {
        threeReplicasWithMaster1InSyncWith2();
        Object reconnected = new Object();
        beat(1, reconnected);

        assertThat(core.connectionClosed(connections[1]).get()).isEmpty();

        assertThat(group().master()).isEqualTo(1L);
        assertThat(liveness.isAlive(GROUP, 1L)).isTrue();
    }

    @Test
    void shouldElectAtOnceInTheLeadersGraceWhenTheMasterBeatToThisLeader() throws Exception {
        threeReplicasWithMaster1InSyncWith2();
        core.onLeaderStart();
        clock.advance(Duration.ofMillis(500));
        beat(1, connections[1]); // the master found this controller leading
        assertThat(liveness.inGrace()).isTrue();

        List<Outcome> elections = core.connectionClosed(connections[1]).get();

        assertThat(elections).extracting(Outcome::code).containsExactly(ResponseCode.SUCCESS);
        assertThat(group().master()).isEqualTo(2L);
    }

    @Test
    void shouldLeaveItToTheScanInTheGraceWhenTheMasterWasLastHeardBeforeLeading() throws Exception {
        threeReplicasWithMaster1InSyncWith2();
        clock.advance(Duration.ofMillis(500));
        core.onLeaderStart(); // the master's last beat here predates the lead: it may beat
        // elsewhere

        assertThat(core.connectionClosed(connections[1]).get()).isEmpty();

        assertThat(group().master()).isEqualTo(1L);
        assertThat(liveness.isAlive(GROUP, 1L)).isFalse();
    }

    @Test
    void shouldElectNobodyForTheConnectionsAClosingControllerCloses() throws Exception {
        threeReplicasWithMaster1InSyncWith2();
        core.closing();

        assertThat(core.connectionClosed(connections[1]).get()).isEmpty();

        assertThat(group().master()).isEqualTo(1L);
        assertThat(group().masterEpoch()).isEqualTo(1);
    }

    @Test
    void shouldTellTheLivingReplicasTheNewMaster() throws Exception {
        threeReplicasWithMaster1InSyncWith2();
        core.roleChanges((address, change) -> told.put(address, change));

        core.connectionClosed(connections[1]).get();

        assertThat(told).containsOnlyKeys("10.0.0.2:10911", "10.0.0.3:10911");
        RoleChanges.Change change = told.get("10.0.0.3:10911");
        assertThat(change.brokerName()).isEqualTo(GROUP);
        assertThat(change.masterId()).isEqualTo(2L);
        assertThat(change.masterAddress()).isEqualTo("10.0.0.2:10911");
        assertThat(change.masterEpoch()).isEqualTo(group().masterEpoch());
        assertThat(change.syncStateSet()).containsOnly(2L);
        assertThat(change.syncStateSetEpoch()).isEqualTo(group().syncStateSetEpoch());
    }

    @Test
    void shouldTellNobodyWhenNoElectionSucceeds() throws Exception {
        threeReplicasWithMaster1InSyncWith2();
        core.roleChanges((address, change) -> told.put(address, change));
        core.connectionClosed(connections[2]).get(); // the only in-sync slave is gone

        List<Outcome> elections = core.connectionClosed(connections[1]).get();

        assertThat(elections)
                .extracting(Outcome::code)
                .containsExactly(ResponseCode.CONTROLLER_MASTER_NOT_AVAILABLE);
        assertThat(told).isEmpty();
    }

    private void threeReplicasWithMaster1InSyncWith2() {
        for (long id = 1; id <= 3; id++) {
            long i = id;
            core.write(
                            s ->
                                    RegistrationRules.applyBrokerId(
                                            s, CLUSTER, GROUP, i, "10.0.0." + i + ";" + i))
                    .join();
            var header =
                    new RegisterBrokerToControllerRequestHeader()
                            .clusterName(CLUSTER)
                            .brokerName(GROUP)
                            .brokerId(id)
                            .brokerAddress("10.0.0." + id + ":10911");
            core.write(s -> RegistrationRules.register(s, liveness, header)).join();
            beat(id, connections[(int) id]);
        }
        core.elect(new ElectionRules.ElectRequest(GROUP, 1L, false, false)).join();
        var alter =
                new AlterSyncStateSetRequestHeader()
                        .brokerName(GROUP)
                        .masterBrokerId(1L)
                        .masterEpoch(1);
        core.write(
                        s ->
                                ElectionRules.alter(
                                        s, liveness, alter, new SyncStateSet(Set.of(1L, 2L), 1)))
                .join();
        assertThat(group().master()).isEqualTo(1L);
        assertThat(group().syncStateSet()).containsOnly(1L, 2L);
    }

    private void beat(long id, Object connection) {
        liveness.heard(
                GROUP,
                id,
                new Liveness.Beat(CLUSTER, "10.0.0." + id + ":10911", 0, TIMEOUT, 1, 100, 100, 0),
                connection);
    }

    private ReplicaGroup group() {
        return state.read(s -> s.group(GROUP));
    }
}
