package io.bolide.controller;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.protocol.body.ElectMasterResponseBody;
import io.bolide.protocol.body.SyncStateSet;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.header.AlterSyncStateSetRequestHeader;
import io.bolide.protocol.header.ElectMasterResponseHeader;
import io.bolide.protocol.header.GetNextBrokerIdResponseHeader;
import io.bolide.protocol.header.RegisterBrokerToControllerRequestHeader;
import io.bolide.protocol.header.RegisterBrokerToControllerResponseHeader;
import io.bolide.testsupport.MutableClock;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The controller's rules on a fake clock, events applied directly (no raft group). */
class ControllerCoreTest {
    private static final String CLUSTER = "c1";
    private static final String GROUP = "broker-a";
    private static final long TIMEOUT = 10_000;

    private final MutableClock clock = new MutableClock(1_000_000);
    private final ControllerState state = new ControllerState();
    private final Liveness liveness = new Liveness(clock, TIMEOUT);
    private final DirectReplication replication = new DirectReplication(state);
    private final ExecutorService writer = Executors.newSingleThreadExecutor();
    private ControllerCore core =
            new ControllerCore(state, liveness, replication, writer, false, 3);

    @AfterEach
    void stop() {
        writer.shutdownNow();
    }

    @Test
    void shouldAssignIdsFromOneAndRefuseAnIdClaimedByAnother() {
        assertThat(nextId()).isEqualTo(1);
        assertThat(apply(1, "a;1").code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(nextId()).isEqualTo(2);
        assertThat(apply(1, "a;1").code()).as("own claim again").isEqualTo(ResponseCode.SUCCESS);
        assertThat(apply(1, "b;2").code()).isEqualTo(ResponseCode.CONTROLLER_BROKER_ID_INVALID);
        assertThat(apply(2, "b;2").code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(nextId()).isEqualTo(3);
    }

    @Test
    void shouldRefuseRegistrationOfAnUnassignedId() {
        Outcome noGroup = register(1, "10.0.0.1:10911");
        assertThat(noGroup.code()).isEqualTo(ResponseCode.CONTROLLER_BROKER_NEED_TO_BE_REGISTERED);
        apply(1, "a");
        assertThat(register(7, "10.0.0.7:10911").code())
                .isEqualTo(ResponseCode.CONTROLLER_BROKER_NEED_TO_BE_REGISTERED);
        assertThat(register(1, "10.0.0.1:10911").code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(group().address(1L)).isEqualTo("10.0.0.1:10911");
    }

    @Test
    void shouldElectTheFirstAskerThenTellRegistrantsTheMaster() {
        joinAndBeat(1, 2);
        Outcome first = elect(1L, false);
        assertThat(first.code()).isEqualTo(ResponseCode.SUCCESS);
        ElectMasterResponseHeader header = (ElectMasterResponseHeader) first.header();
        assertThat(header.masterBrokerId()).isEqualTo(1L);
        assertThat(header.masterAddress()).isEqualTo("10.0.0.1:10911");
        assertThat(header.masterEpoch()).isEqualTo(1);
        assertThat(header.syncStateSetEpoch()).isEqualTo(1);
        assertThat(((ElectMasterResponseBody) first.body()).syncStateSet()).containsOnly(1L);

        Outcome second = elect(2L, false);
        assertThat(second.code()).isEqualTo(ResponseCode.CONTROLLER_MASTER_STILL_EXIST);
        var registered =
                (RegisterBrokerToControllerResponseHeader) register(2, "10.0.0.2:10911").header();
        assertThat(registered.masterBrokerId()).isEqualTo(1L);
        assertThat(registered.masterEpoch()).isEqualTo(1);
    }

    @Test
    void shouldExpandAndShrinkTheSyncStateSetOnlyFromTheCurrentMasterAndEpochs() {
        joinAndBeat(1, 2, 3);
        elect(1L, false);
        Outcome expand = alter(1L, 1, Set.of(1L, 2L, 3L), 1);
        assertThat(expand.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(((SyncStateSet) expand.body()).syncStateSetEpoch()).isEqualTo(2);

        assertThat(alter(1L, 1, Set.of(1L, 2L), 1).code())
                .as("stale SyncStateSet epoch")
                .isEqualTo(ResponseCode.CONTROLLER_FENCED_SYNC_STATE_SET_EPOCH);
        assertThat(alter(1L, 0, Set.of(1L, 2L), 2).code())
                .as("stale master epoch")
                .isEqualTo(ResponseCode.CONTROLLER_FENCED_MASTER_EPOCH);
        assertThat(alter(2L, 1, Set.of(1L, 2L), 2).code())
                .as("not the master")
                .isEqualTo(ResponseCode.CONTROLLER_INVALID_MASTER);
        assertThat(alter(1L, 1, Set.of(2L, 3L), 2).code())
                .as("without the master")
                .isEqualTo(ResponseCode.CONTROLLER_ALTER_SYNC_STATE_SET_FAILED);
        assertThat(alter(1L, 1, Set.of(1L, 9L), 2).code())
                .isEqualTo(ResponseCode.CONTROLLER_INVALID_REPLICAS);

        Outcome shrink = alter(1L, 1, Set.of(1L, 2L), 2);
        assertThat(shrink.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(group().syncStateSet()).containsOnly(1L, 2L);
        assertThat(group().syncStateSetEpoch()).isEqualTo(3);
    }

    @Test
    void shouldRefuseADeadReplicaInTheSyncStateSet() {
        joinAndBeat(1, 2);
        elect(1L, false);
        clock.advance(Duration.ofMillis(TIMEOUT / 2));
        beat(1);
        clock.advance(Duration.ofMillis(TIMEOUT / 2 + 1));
        assertThat(alter(1L, 1, Set.of(1L, 2L), 1).code())
                .isEqualTo(ResponseCode.CONTROLLER_BROKER_NOT_ALIVE);
    }

    @Test
    void shouldElectFromTheSyncStateSetWhenTheMastersHeartbeatsStop() throws Exception {
        joinAndBeat(1, 2, 3);
        elect(1L, false);
        alter(1L, 1, Set.of(1L, 2L), 1);
        assertThat(core.electForDeadMasters().get()).isEmpty();

        clock.advance(Duration.ofMillis(TIMEOUT + 1));
        beat(2);
        beat(3);
        List<Outcome> elections = core.electForDeadMasters().get();

        assertThat(elections).hasSize(1);
        assertThat(((ElectMasterResponseHeader) elections.get(0).header()).masterBrokerId())
                .as("2 was in sync; 3 never was")
                .isEqualTo(2L);
        assertThat(group().master()).isEqualTo(2L);
        assertThat(group().masterEpoch()).isEqualTo(2);
        assertThat(group().syncStateSet()).containsOnly(2L);
        assertThat(group().syncStateSetEpoch()).isEqualTo(3);
        assertThat(alter(1L, 1, Set.of(1L, 2L), 3).code())
                .as("the old master is fenced by its epoch")
                .isEqualTo(ResponseCode.CONTROLLER_INVALID_MASTER);
    }

    @Test
    void shouldLeaveTheGroupMasterlessRatherThanElectOutsideTheSyncStateSet() throws Exception {
        joinAndBeat(1, 2);
        elect(1L, false);
        clock.advance(Duration.ofMillis(TIMEOUT + 1));
        beat(2);

        List<Outcome> elections = core.electForDeadMasters().get();

        assertThat(elections.get(0).code()).isEqualTo(ResponseCode.CONTROLLER_MASTER_NOT_AVAILABLE);
        assertThat(group().master()).isNull();
        assertThat(group().masterEpoch())
                .as("three attempts (electMasterMaxRetryCount), each a new term, as in 5.5.0")
                .isEqualTo(4);
        assertThat(group().syncStateSet()).containsOnly(1L);
        assertThat(core.electForDeadMasters().get()).as("no master left to lose").isEmpty();
        assertThat(elect(2L, false).code()).isEqualTo(ResponseCode.CONTROLLER_ELECT_MASTER_FAILED);
    }

    @Test
    void shouldElectOutsideTheSyncStateSetOnlyWhenUncleanElectionIsEnabled() throws Exception {
        core = new ControllerCore(state, liveness, replication, writer, true, 3);
        joinAndBeat(1, 2);
        elect(1L, false);
        clock.advance(Duration.ofMillis(TIMEOUT + 1));
        beat(2);

        List<Outcome> elections = core.electForDeadMasters().get();

        assertThat(elections.get(0).code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(group().master()).isEqualTo(2L);
    }

    @Test
    void shouldElectTheDesignatedReplicaOnlyIfItIsInSyncAndAlive() {
        joinAndBeat(1, 2, 3);
        elect(1L, false);
        alter(1L, 1, Set.of(1L, 2L), 1);
        assertThat(elect(3L, true).code()).isEqualTo(ResponseCode.CONTROLLER_ELECT_MASTER_FAILED);
        Outcome designated = elect(2L, true);
        assertThat(designated.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(group().master()).isEqualTo(2L);
    }

    @Test
    void shouldGiveANewLeaderOneTimeoutBeforeJudgingMastersDead() throws Exception {
        joinAndBeat(1, 2);
        elect(1L, false);
        alter(1L, 1, Set.of(1L, 2L), 1);
        clock.advance(Duration.ofMillis(TIMEOUT + 1));
        beat(2);
        core.onLeaderStart();
        assertThat(core.electForDeadMasters().get()).isEmpty();
        clock.advance(Duration.ofMillis(TIMEOUT + 1));
        beat(2);
        assertThat(core.electForDeadMasters().get()).hasSize(1);
    }

    @Test
    void shouldAnswerNotLeaderOffTheLeader() throws Exception {
        replication.leader = false;
        assertThat(apply(1, "a").code()).isEqualTo(ResponseCode.CONTROLLER_NOT_LEADER);
        assertThat(core.read(s -> Reads.replicaInfo(s, GROUP)).code())
                .isEqualTo(ResponseCode.CONTROLLER_NOT_LEADER);
    }

    @Test
    void shouldRecoverTheSameStateFromASnapshot() throws Exception {
        joinAndBeat(1, 2);
        elect(1L, false);
        alter(1L, 1, Set.of(1L, 2L), 1);
        var bytes = new java.io.ByteArrayOutputStream();
        state.write(new java.io.DataOutputStream(bytes));
        ControllerState copy = new ControllerState();
        copy.readFrom(
                new java.io.DataInputStream(new java.io.ByteArrayInputStream(bytes.toByteArray())));
        ReplicaGroup restored = copy.read(s -> s.group(GROUP));
        assertThat(restored.master()).isEqualTo(1L);
        assertThat(restored.masterEpoch()).isEqualTo(1);
        assertThat(restored.syncStateSet()).containsOnly(1L, 2L);
        assertThat(restored.syncStateSetEpoch()).isEqualTo(2);
        assertThat(restored.replicas()).isEqualTo(group().replicas());
        assertThat(restored.cluster()).isEqualTo(CLUSTER);
    }

    @Test
    void shouldCarryEveryEventThroughTheLogEncoding() {
        List<Event> events =
                List.of(
                        new Event.ApplyBrokerId(CLUSTER, GROUP, 3, null),
                        new Event.UpdateAddress(CLUSTER, GROUP, 3, "h:1"),
                        new Event.ElectMaster(GROUP, null, 4),
                        new Event.ElectMaster(GROUP, 3L, 5),
                        new Event.AlterSyncStateSet(GROUP, Set.of(1L, 3L), 6),
                        new Event.CleanBrokerData(GROUP, Set.of()));
        assertThat(EventCodec.decode(EventCodec.encode(events))).isEqualTo(events);
    }

    /** The group as it is now; safe here, the tests' writes are complete when they return. */
    private ReplicaGroup group() {
        return state.read(s -> s.group(GROUP));
    }

    private long nextId() {
        var header =
                (GetNextBrokerIdResponseHeader)
                        core.read(s -> RegistrationRules.nextBrokerId(s, CLUSTER, GROUP)).header();
        return header.nextBrokerId();
    }

    private Outcome apply(long id, String code) {
        return core.write(s -> RegistrationRules.applyBrokerId(s, CLUSTER, GROUP, id, code)).join();
    }

    private Outcome register(long id, String address) {
        var header =
                new RegisterBrokerToControllerRequestHeader()
                        .clusterName(CLUSTER)
                        .brokerName(GROUP)
                        .brokerId(id)
                        .brokerAddress(address);
        return core.write(s -> RegistrationRules.register(s, liveness, header)).join();
    }

    private Outcome elect(Long id, boolean designate) {
        var request = new ElectionRules.ElectRequest(GROUP, id, designate, false);
        return core.write(s -> ElectionRules.elect(s, liveness, core.electUnclean(), request))
                .join();
    }

    private Outcome alter(Long master, int masterEpoch, Set<Long> members, int setEpoch) {
        var header =
                new AlterSyncStateSetRequestHeader()
                        .brokerName(GROUP)
                        .masterBrokerId(master)
                        .masterEpoch(masterEpoch);
        var proposed = new SyncStateSet(members, setEpoch);
        return core.write(s -> ElectionRules.alter(s, liveness, header, proposed)).join();
    }

    private void joinAndBeat(long... ids) {
        for (long id : ids) {
            apply(id, "10.0.0." + id + ";" + id);
            register(id, "10.0.0." + id + ":10911");
            beat(id);
        }
    }

    private void beat(long id) {
        liveness.heard(
                GROUP,
                id,
                new Liveness.Beat(CLUSTER, "10.0.0." + id + ":10911", 0, TIMEOUT, 1, 100, 100, 0));
    }
}
