package io.bolide.systest;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import java.util.function.BooleanSupplier;
import org.apache.rocketmq.client.producer.SendStatus;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One round of the fault campaign on a running {@link HaGroup}: sending threads load the
 * SYNC_MASTER, one fault hits (its moments drawn from the round's random), the group heals, and
 * then both brokers are read back: every message answered SEND_OK must be on each, whole, and so
 * must every message the master stored without a slave's copy; duplicates are counted.
 */
final class FaultRound {
    private static final Logger LOG = LoggerFactory.getLogger(FaultRound.class);
    private static final int THREADS = 4;

    /** The faults a round can inject. */
    enum Kind {
        MASTER_KILL,
        SLAVE_KILL,
        LINK_CUT,
        LINK_STALL
    }

    /**
     * What a round did and found: sends by answer, messages lost (answered SEND_OK: must be 0;
     * stored without a slave's copy: must be 0 too), corrupt, duplicated in the log (a retried
     * send) and redelivered to the consumer (offsets committed to the slave while the master was
     * down, which the master's return rolls back).
     */
    record Result(
            int round,
            Kind kind,
            long acked,
            long unsynced,
            long failed,
            int lost,
            int unsyncedMissing,
            int corrupt,
            int duplicates,
            long redelivered,
            long millis) {}

    private final HaGroup group;
    private final FaultBodies bodies;
    private final int round;
    private final Random random;
    private final Set<String> acked = new HashSet<>();
    private final Set<String> unsynced = new HashSet<>();
    private long failed;

    FaultRound(HaGroup group, FaultBodies bodies, int round, Random random) {
        this.group = group;
        this.bodies = bodies;
        this.round = round;
        this.random = random;
    }

    /** Loads the group, injects {@code kind}, lets the group heal and checks both brokers. */
    Result run(Kind kind) throws Exception {
        long started = System.nanoTime();
        long redelivered = group.inbox().duplicates();
        long[] from = group.queueEnds(group.masterAddress());
        if (kind == Kind.MASTER_KILL) {
            // The round's messages reach the consumer only once the master is down: from the slave.
            group.consumer().suspend();
        }
        SendLoad load = load("r" + round);
        awaitAcked(load, 50 + random.nextInt(400));
        SendLoad last =
                switch (kind) {
                    case MASTER_KILL -> killMaster(load, from);
                    case SLAVE_KILL -> killSlave(load);
                    case LINK_CUT -> cutLink(load);
                    case LINK_STALL -> stallLink(load);
                };
        finish(last);
        group.awaitSlaveCaughtUp();
        Set<String> stored = new HashSet<>(acked);
        stored.addAll(unsynced);
        group.inbox().awaitAll("the consumer gets every stored message of round " + round, stored);
        return check(kind, from, group.inbox().duplicates() - redelivered, started);
    }

    private Result check(Kind kind, long[] from, long redelivered, long started) throws Exception {
        Holdings onMaster = Holdings.read(group, group.masterAddress(), from, bodies);
        Holdings onSlave = Holdings.read(group, group.slaveAddress(), from, bodies);
        Result result =
                new Result(
                        round,
                        kind,
                        acked.size(),
                        unsynced.size(),
                        failed,
                        Math.max(onMaster.missing(acked).size(), onSlave.missing(acked).size()),
                        Math.max(
                                onMaster.missing(unsynced).size(),
                                onSlave.missing(unsynced).size()),
                        onMaster.corrupt() + onSlave.corrupt(),
                        onMaster.duplicates(),
                        redelivered,
                        (System.nanoTime() - started) / 1_000_000);
        LOG.warn("round {}: {}; master {}; slave {}", round, result, onMaster, onSlave);
        assertThat(onMaster.missing(acked)).as("SEND_OK messages lost by the master").isEmpty();
        assertThat(onSlave.missing(acked)).as("SEND_OK messages lost by the slave").isEmpty();
        assertThat(onMaster.missing(unsynced)).as("stored messages lost by the master").isEmpty();
        assertThat(onSlave.missing(unsynced)).as("stored messages the slave lacks").isEmpty();
        assertThat(result.corrupt()).as("corrupt messages").isZero();
        assertThat(group.inbox().corrupt()).as("corrupt deliveries").isEmpty();
        assertThat(onSlave.duplicates()).as("slave's duplicates").isEqualTo(onMaster.duplicates());
        return result;
    }

    private SendLoad load(String name) {
        return new SendLoad(group.producer(), HaGroup.TOPIC, bodies, name).start(THREADS);
    }

    private void finish(SendLoad load) throws InterruptedException {
        load.stop();
        acked.addAll(load.acked());
        unsynced.addAll(load.unsynced());
        failed += load.failed();
        LOG.warn("round {} {} {}", round, load.name(), load);
    }

    /**
     * SIGKILL the master under load; with the master down, read everything acknowledged from the
     * slave, and resume the push consumer (suspended since the round began): it gets every SEND_OK
     * message from the slave; then start the master again and load it until sends are acknowledged
     * again.
     *
     * @return the load running on the restarted master
     */
    private SendLoad killMaster(SendLoad load, long[] from) throws Exception {
        group.killMaster();
        finish(load);
        Holdings onSlave = Holdings.read(group, group.slaveAddress(), from, bodies);
        LOG.warn("round {}: master down; slave {}", round, onSlave);
        assertThat(onSlave.missing(acked))
                .as("SEND_OK messages the slave lacks while the master is down")
                .isEmpty();
        assertThat(onSlave.corrupt()).as("corrupt messages on the slave").isZero();
        long fromSlave = group.inbox().undelivered(acked);
        group.consumer().resume();
        group.inbox().awaitAll("the consumer gets every SEND_OK message from the slave", acked);
        LOG.warn("round {}: consumed {} SEND_OK messages from the slave", round, fromSlave);
        group.startMaster();
        SendLoad after = load("r" + round + "b");
        awaitAcked(after, 50);
        return after;
    }

    /**
     * SIGKILL the slave under load: sends are answered without a slave's copy and never SEND_OK
     * while it is away; started again, it catches up and sends are acknowledged again.
     */
    private SendLoad killSlave(SendLoad load) throws Exception {
        group.killSlave();
        long before = unsyncedAnswers(load);
        await(load, "sends answered without a slave", () -> unsyncedAnswers(load) >= before + 20);
        long ok = load.count(SendStatus.SEND_OK);
        long unsyncedNow = unsyncedAnswers(load);
        await(
                load,
                "more sends with the slave away",
                () -> unsyncedAnswers(load) >= unsyncedNow + 20);
        assertThat(load.count(SendStatus.SEND_OK))
                .as("SEND_OK while the slave is down")
                .isEqualTo(ok);
        group.startSlave();
        awaitAcked(load, (int) ok + 50);
        return load;
    }

    /**
     * Cut the replication link for a drawn number of sends: they lose their slave until it
     * reconnects through the proxy and catches up on what it missed.
     */
    private SendLoad cutLink(SendLoad load) {
        long before = unsyncedAnswers(load);
        int outage = 10 + random.nextInt(2_000);
        group.link().cut();
        await(
                load,
                outage + " sends answered without a slave",
                () -> unsyncedAnswers(load) >= before + outage);
        long ok = load.count(SendStatus.SEND_OK);
        group.link().resume();
        awaitAcked(load, (int) ok + 50);
        return load;
    }

    /**
     * Stall the link (bytes stop, connections stay): sends time out (FLUSH_SLAVE_TIMEOUT). On a
     * long stall housekeeping closes the silent link and the slave connects again, into the same
     * stall: the master holds a link that never reports, and sends keep timing out, as the
     * reference's do while a slave is connected.
     */
    private SendLoad stallLink(SendLoad load) {
        long timeouts = load.count(SendStatus.FLUSH_SLAVE_TIMEOUT);
        int connections = group.link().accepted();
        boolean lengthy = random.nextBoolean();
        group.link().stall();
        await(load, "sends time out", () -> load.count(SendStatus.FLUSH_SLAVE_TIMEOUT) > timeouts);
        if (lengthy) {
            await(
                    load,
                    "the slave drops the silent link and connects again",
                    () -> group.link().accepted() > connections);
        }
        long ok = load.count(SendStatus.SEND_OK);
        group.link().resume();
        awaitAcked(load, (int) ok + 50);
        return load;
    }

    private static long unsyncedAnswers(SendLoad load) {
        return load.count(SendStatus.FLUSH_SLAVE_TIMEOUT)
                + load.count(SendStatus.SLAVE_NOT_AVAILABLE);
    }

    private void awaitAcked(SendLoad load, int count) {
        await(
                load,
                count + " sends answered SEND_OK",
                () -> load.count(SendStatus.SEND_OK) >= count);
    }

    private void await(SendLoad load, String what, BooleanSupplier condition) {
        try {
            Clients.awaitCostly(what + " in round " + round, condition);
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + "; " + load, e);
        }
    }
}
