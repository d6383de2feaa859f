package io.bolide.broker.controller;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.protocol.code.ResponseCode;
import io.bolide.testsupport.Await;
import io.bolide.testsupport.MutableClock;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The controller client's rules on a fake clock, against a scripted controller and broker. */
class ControllerAgentTest {
    @TempDir Path dir;

    private final MutableClock clock = new MutableClock(1_000_000);
    private final FakeControllers controllers = new FakeControllers();
    private final FakeBroker broker = new FakeBroker();

    private ControllerAgent agent() {
        ControllerSettings settings =
                new ControllerSettings(
                        List.of("c:1"),
                        false,
                        500,
                        1000,
                        10_000,
                        3000,
                        200,
                        7,
                        5000,
                        dir.resolve("brokerIdentity"));
        return new ControllerAgent(settings, "C", "b", controllers, clock);
    }

    @Test
    void shouldClaimAnIdOnceAndKeepItAcrossRestarts() throws IOException {
        controllers.nextId = 3;
        assertThat(agent().acquireId("x;1", 1000)).isEqualTo(3);
        controllers.nextId = 9;
        assertThat(agent().acquireId("x;2", 1000)).isEqualTo(3);
        assertThat(controllers.applied).containsExactly("3/x;1");
    }

    @Test
    void shouldElectWhenTheGroupHasNoMasterAndBecomeMaster() throws IOException {
        ControllerAgent agent = started(1);
        controllers.electAnswer = new Controllers.Replicas(1, "me:1", 1, Set.of(1L), 1);

        agent.tick(clock.getAsLong());

        assertThat(broker.switches).containsExactly("master epoch 1");
        assertThat(agent.inSync().members()).containsExactly(1L);
        assertThat(controllers.beats).isNotEmpty();
        assertThat(controllers.beats.get(0).priority()).isEqualTo(7);
    }

    @Test
    void shouldBecomeMasterWhenTheControllerNotifiesTheRoleChangeWithoutWaitingForThePoll()
            throws IOException {
        ControllerAgent agent = started(2);
        controllers.registerAnswer = new Controllers.Replicas(1, "m1:1", 3, Set.of(1L, 2L), 4);
        agent.tick(clock.getAsLong());
        assertThat(broker.switches).containsExactly("slave of m1:1 epoch 3 as 2");
        try {
            // NOTIFY_BROKER_ROLE_CHANGED (1008); the clock stands still, so no poll is due.
            agent.roleChanged(9, "m9:1", 2, Set.of(9L), 2); // an older term: ignored
            agent.roleChanged(2, "me:1", 4, Set.of(2L), 5);
            Await.until(
                    Duration.ofSeconds(10),
                    () -> switches(agent).size() == 2,
                    "the switch the notice asked for");

            assertThat(switches(agent))
                    .containsExactly("slave of m1:1 epoch 3 as 2", "master epoch 4");
            assertThat(agent.isMaster()).isTrue();
            assertThat(agent.masterEpoch()).isEqualTo(4);
            assertThat(agent.inSync().members()).containsExactly(2L);
            assertThat(agent.inSync().epoch()).isEqualTo(5);
        } finally {
            agent.close();
        }
    }

    private List<String> switches(ControllerAgent agent) {
        synchronized (agent) { // the notice is applied on the agent's thread, under its lock
            return List.copyOf(broker.switches);
        }
    }

    @Test
    void shouldFollowANewMasterWhenThePollNamesOneAndIgnoreOlderTerms() throws IOException {
        ControllerAgent agent = started(2);
        controllers.registerAnswer = new Controllers.Replicas(1, "m1:1", 1, Set.of(1L), 1);
        agent.tick(clock.getAsLong());
        assertThat(broker.switches).containsExactly("slave of m1:1 epoch 1 as 2");

        controllers.replicaAnswer = new Controllers.Replicas(3, "m3:1", 2, Set.of(3L), 2);
        clock.advance(Duration.ofMillis(499));
        agent.tick(clock.getAsLong());
        assertThat(broker.switches).hasSize(1);
        clock.advance(Duration.ofMillis(1));
        agent.tick(clock.getAsLong());
        assertThat(broker.switches).endsWith("slave of m3:1 epoch 2 as 2");
        assertThat(agent.expectedMaster()).isEqualTo("m3:1");

        controllers.replicaAnswer = new Controllers.Replicas(1, "m1:1", 1, Set.of(1L), 1);
        clock.advance(Duration.ofMillis(500));
        agent.tick(clock.getAsLong());
        assertThat(broker.switches).hasSize(2);

        controllers.replicaAnswer = new Controllers.Replicas(2, "me:1", 3, Set.of(2L), 3);
        clock.advance(Duration.ofMillis(500));
        agent.tick(clock.getAsLong());
        assertThat(broker.switches).endsWith("master epoch 3");
    }

    @Test
    void shouldExpandWithACaughtUpSlaveAndShrinkOneBehindTooLong() throws IOException {
        ControllerAgent agent = started(1);
        controllers.registerAnswer = new Controllers.Replicas(1, "me:1", 1, Set.of(1L), 1);
        controllers.replicaAnswer = controllers.registerAnswer;
        agent.tick(clock.getAsLong());
        broker.acks.put(2L, 100L);
        broker.join = 100;
        agent.inSync().caughtUp(2);

        clock.advance(Duration.ofMillis(1000));
        agent.tick(clock.getAsLong());
        assertThat(controllers.altered).containsExactly(Set.of(1L, 2L));
        assertThat(agent.inSync().members()).containsExactlyInAnyOrder(1L, 2L);
        assertThat(agent.inSync().epoch()).isEqualTo(2);

        // Slave 2 stops catching up: dropped once haMaxTimeSlaveNotCatchup (5 s) has passed.
        clock.advance(Duration.ofMillis(4000));
        agent.tick(clock.getAsLong());
        assertThat(controllers.altered).hasSize(1);
        clock.advance(Duration.ofMillis(1001));
        agent.tick(clock.getAsLong());
        assertThat(controllers.altered).endsWith(Set.of(1L));
        assertThat(agent.inSync().members()).containsExactly(1L);
    }

    @Test
    void shouldWaitForAProposedMemberUntilTheControllerShowsItAppliedTheLostChange()
            throws IOException {
        ControllerAgent agent = masterWithCaughtUpSlave();
        controllers.alterFailure = new IOException("timed out");

        clock.advance(Duration.ofMillis(1000));
        agent.tick(clock.getAsLong());
        // The controller may hold {1, 2}: going back to {1} would let this master confirm alone.
        assertThat(agent.inSync().members()).containsExactlyInAnyOrder(1L, 2L);

        controllers.replicaAnswer = new Controllers.Replicas(1, "me:1", 1, Set.of(1L, 2L), 2);
        clock.advance(Duration.ofMillis(500));
        agent.tick(clock.getAsLong());
        assertThat(agent.inSync().members()).containsExactlyInAnyOrder(1L, 2L);
        assertThat(agent.inSync().epoch()).isEqualTo(2);
    }

    @Test
    void shouldBelieveTheOldSetAgainOnlyLongAfterAChangeWentUnanswered() throws IOException {
        ControllerAgent agent = masterWithCaughtUpSlave();
        controllers.alterFailure = new IOException("timed out");
        clock.advance(Duration.ofMillis(1000));
        agent.tick(clock.getAsLong());

        clock.advance(Duration.ofMillis(ControllerAgent.SETTLE_MS - 1000));
        agent.tick(clock.getAsLong());
        assertThat(agent.inSync().members()).containsExactlyInAnyOrder(1L, 2L);
        assertThat(controllers.altered).isEmpty();

        // Settled by the poll (same set epoch, long enough after): the change is proposed again.
        controllers.alterFailure = null;
        clock.advance(Duration.ofMillis(1000));
        agent.tick(clock.getAsLong());
        assertThat(agent.inSync().members()).containsExactly(1L);
        agent.inSync().caughtUp(2);
        clock.advance(Duration.ofMillis(1000));
        agent.tick(clock.getAsLong());
        assertThat(controllers.altered).containsExactly(Set.of(1L, 2L));
        assertThat(agent.inSync().epoch()).isEqualTo(2);
    }

    @Test
    void shouldKeepWaitingForBothUntilThePollAfterARefusalAndThenFollowItsAnswer()
            throws IOException {
        ControllerAgent agent = masterWithCaughtUpSlave();
        controllers.alterFailure =
                new Controllers.Refused(ResponseCode.CONTROLLER_INVALID_MASTER, "master is 2");
        controllers.replicaAnswer = null;

        clock.advance(Duration.ofMillis(1000));
        agent.tick(clock.getAsLong());
        assertThat(agent.inSync().members()).containsExactlyInAnyOrder(1L, 2L);

        controllers.replicaAnswer = new Controllers.Replicas(2, "m2:1", 2, Set.of(2L), 2);
        agent.tick(clock.getAsLong());
        assertThat(broker.switches).endsWith("slave of m2:1 epoch 2 as 1");
        assertThat(agent.inSync().members()).isEmpty();
    }

    @Test
    void shouldBelieveTheOldSetAtTheNextPollWhenTheControllerRefusedTheChange() throws IOException {
        ControllerAgent agent = masterWithCaughtUpSlave();
        controllers.alterFailure =
                new Controllers.Refused(ResponseCode.CONTROLLER_BROKER_NOT_ALIVE, "not alive");

        clock.advance(Duration.ofMillis(1000));
        agent.tick(clock.getAsLong());
        assertThat(agent.inSync().members()).containsExactlyInAnyOrder(1L, 2L);
        agent.tick(clock.getAsLong());

        assertThat(agent.inSync().members()).containsExactly(1L);
        assertThat(agent.inSync().epoch()).isEqualTo(1);
    }

    /** Master 1 alone in set epoch 1, slave 2 caught up to the join offset. */
    private ControllerAgent masterWithCaughtUpSlave() throws IOException {
        ControllerAgent agent = started(1);
        controllers.registerAnswer = new Controllers.Replicas(1, "me:1", 1, Set.of(1L), 1);
        controllers.replicaAnswer = controllers.registerAnswer;
        agent.tick(clock.getAsLong());
        broker.acks.put(2L, 100L);
        agent.inSync().caughtUp(2);
        return agent;
    }

    private ControllerAgent started(long id) throws IOException {
        controllers.nextId = id;
        ControllerAgent agent = agent();
        agent.acquireId("code", 1000);
        agent.startForTest(broker);
        return agent;
    }

    /** A controller answering from fields the test sets. */
    private static final class FakeControllers implements Controllers {
        long nextId;
        Replicas registerAnswer = new Replicas(-1, null, 0, Set.of(), 0);
        Replicas replicaAnswer;
        Replicas electAnswer;
        IOException alterFailure;
        int setEpoch = 1;
        final List<String> applied = new ArrayList<>();
        final List<Beat> beats = new ArrayList<>();
        final List<Set<Long>> altered = new ArrayList<>();

        @Override
        public void findLeader() {}

        @Override
        public long nextBrokerId(String cluster, String brokerName) {
            return nextId;
        }

        @Override
        public void applyBrokerId(String cluster, String brokerName, long id, String checkCode) {
            applied.add(id + "/" + checkCode);
        }

        @Override
        public Replicas register(String cluster, String brokerName, long id, String address) {
            return registerAnswer;
        }

        @Override
        public void heartbeat(Beat beat) {
            beats.add(beat);
        }

        @Override
        public Replicas replicaInfo(String brokerName) throws IOException {
            if (replicaAnswer == null) {
                throw new IOException("no answer scripted");
            }
            return replicaAnswer;
        }

        @Override
        public Replicas elect(String cluster, String brokerName, long id) throws IOException {
            if (electAnswer == null) {
                throw new Refused(ResponseCode.CONTROLLER_ELECT_MASTER_FAILED, "none");
            }
            return electAnswer;
        }

        @Override
        public int alterSyncStateSet(
                String brokerName, long masterId, int masterEpoch, Set<Long> members, int epoch)
                throws IOException {
            if (alterFailure != null) {
                throw alterFailure;
            }
            altered.add(Set.copyOf(members));
            return ++setEpoch;
        }
    }

    /** A broker recording the switches asked of it. */
    private static final class FakeBroker implements BrokerSide {
        final List<String> switches = new ArrayList<>();
        final Map<Long, Long> acks = new HashMap<>();
        long join;

        @Override
        public void becomeMaster(int epoch, int syncStateSetEpoch) {
            switches.add("master epoch " + epoch);
        }

        @Override
        public void becomeSlave(String masterAddress, int epoch, long id) {
            switches.add("slave of " + masterAddress + " epoch " + epoch + " as " + id);
        }

        @Override
        public String address() {
            return "me:1";
        }

        @Override
        public long maxOffset() {
            return 100;
        }

        @Override
        public long joinOffset() {
            return join;
        }

        @Override
        public Map<Long, Long> slaveAcks() {
            return acks;
        }

        @Override
        public boolean linked() {
            return true;
        }

        @Override
        public void registerAgain() {}
    }
}
