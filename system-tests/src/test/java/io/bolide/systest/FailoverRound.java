package io.bolide.systest;

import io.bolide.testsupport.Await;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.stream.Collectors;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageId;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One round of the fail-over campaign on a running {@link FailoverCluster}: load from the official
 * producer, one or two faults drawn from the round's random (what, where, how long), then every
 * fault healed at once; the round ends when both groups are whole again and is then checked by
 * {@link FailoverChecks}.
 */
final class FailoverRound {
    private static final Logger LOG = LoggerFactory.getLogger(FailoverRound.class);
    private static final int THREADS = 6;
    private static final long NO_RECOVERY = -1;

    /**
     * How long a member may stay behind after the heal before it is restarted ({@code
     * bolide.fo.healSeconds}, default 180): long campaigns shorten it to spend less time on a
     * member stuck behind a full disk.
     */
    private static final Duration HEAL_WAIT =
            Duration.ofSeconds(Long.getLong("bolide.fo.healSeconds", 180));

    /** The faults a round can inject. */
    enum Fault {
        MASTER_KILL,
        MASTER_STOP,
        SLAVE_KILL,
        SLAVE_STOP,
        CONTROLLER_KILL,
        CONTROLLER_STOP,
        MASTER_PARTITION,
        SLAVE_PARTITION,
        LINK_DELAY,
        PACKET_LOSS,
        SLAVE_DISK_FULL;

        /** Whether it hits the master of a group (else a slave or a controller). */
        boolean onMaster() {
            return deposes() || this == PACKET_LOSS || this == LINK_DELAY;
        }

        /** Whether it can cost the master its term: then a new master should take over. */
        boolean deposes() {
            return this == MASTER_KILL || this == MASTER_STOP || this == MASTER_PARTITION;
        }
    }

    /** A SEND_OK answer: where it was stored (from the offset message id) and when. */
    record Ack(String key, String group, String store, long offset, long sent, long answered) {}

    /** One injected fault: its kind, its node, the master of its group then, when. */
    record Injected(Fault fault, String node, String group, String oldMaster, long at) {}

    private final FailoverCluster cluster;
    private final FaultBodies bodies;
    private final int round;
    private final Random random;
    private final boolean delayAvailable;
    private final ConcurrentLinkedQueue<Ack> acks = new ConcurrentLinkedQueue<>();

    FailoverRound(
            FailoverCluster cluster,
            FaultBodies bodies,
            int round,
            Random random,
            boolean delayAvailable) {
        this.cluster = cluster;
        this.bodies = bodies;
        this.round = round;
        this.random = random;
        this.delayAvailable = delayAvailable;
    }

    /**
     * The fault kinds rounds draw from ({@code bolide.fo.faults}, comma-separated names; empty:
     * every kind). A campaign limited so injects one fault a round, to time one kind alone.
     */
    private static final List<Fault> CHOSEN = chosen(System.getProperty("bolide.fo.faults", ""));

    static List<Fault> chosen(String names) {
        List<Fault> out = new ArrayList<>();
        for (String name : names.split(",")) {
            if (!name.isBlank()) {
                out.add(Fault.valueOf(name.strip()));
            }
        }
        return List.copyOf(out);
    }

    /** Draws one fault kind (LINK_DELAY only where toxiproxy runs). */
    Fault draw() {
        if (!CHOSEN.isEmpty()) {
            return CHOSEN.get(random.nextInt(CHOSEN.size()));
        }
        Fault[] all = Fault.values();
        Fault fault = all[random.nextInt(all.length)];
        return fault == Fault.LINK_DELAY && !delayAvailable ? Fault.PACKET_LOSS : fault;
    }

    /** Loads the cluster, injects the drawn faults, heals, and checks the round. */
    FailoverChecks.Result run() throws Exception {
        List<Fault> faults = new ArrayList<>(List.of(draw()));
        if (CHOSEN.isEmpty() && random.nextInt(3) == 0) {
            faults.add(draw());
        }
        long started = System.nanoTime();
        long redelivered = cluster.inbox().duplicates();
        Map<String, long[]> from = new HashMap<>();
        for (String group : FailoverCluster.GROUPS.keySet()) {
            from.put(group, cluster.queueEnds(cluster.master(group)));
        }
        SendLoad load =
                new SendLoad(cluster.producer(), FailoverCluster.TOPIC, bodies, "r" + round)
                        .observe(this::answered)
                        .start(THREADS);
        int warmUp = 50 + random.nextInt(200);
        await(
                "" + warmUp + " sends answered SEND_OK",
                () -> load.count(SendStatus.SEND_OK) >= warmUp);
        List<Injected> injected = inject(faults);
        hold(injected);
        long healed = System.nanoTime();
        heal();
        for (String group : FailoverCluster.GROUPS.keySet()) {
            await(group + " takes writes after the heal", () -> ackedSince(group, healed) >= 20);
        }
        load.stop();
        LOG.warn("round {} {}: {}", round, faults, load);
        List<String> restarted = awaitWhole();
        List<Long> recovery = injected.stream().map(this::recovery).toList();
        return new FailoverChecks(cluster, bodies, round)
                .check(faults, load, List.copyOf(acks), from, recovery, redelivered, started)
                .withRestarts(restarted.size());
    }

    private void answered(String key, long sent, SendResult result) {
        if (result.getSendStatus() != SendStatus.SEND_OK) {
            return;
        }
        MessageId id;
        try {
            id = MessageDecoder.decodeMessageId(result.getOffsetMsgId());
        } catch (java.net.UnknownHostException e) {
            throw new IllegalStateException("offset message id " + result.getOffsetMsgId(), e);
        }
        String store = id.getAddress().toString().replaceFirst("^.*/", "");
        acks.add(
                new Ack(
                        key,
                        result.getMessageQueue().getBrokerName(),
                        store,
                        id.getOffset(),
                        sent,
                        System.nanoTime()));
    }

    private List<Injected> inject(List<Fault> faults) throws Exception {
        List<Injected> injected = new ArrayList<>();
        for (Fault fault : faults) {
            String group = random.nextBoolean() ? "fo-a" : "fo-b";
            // A slave fault needs the master known: with the admin's name server just killed by
            // this round's first fault, a guess once filled a master's disk instead of a slave's.
            String master =
                    fault.name().startsWith("CONTROLLER")
                            ? cluster.master(group)
                            : cluster.awaitMaster(group);
            String node = target(fault, group, master);
            long at = System.nanoTime();
            switch (fault) {
                case MASTER_KILL, SLAVE_KILL, CONTROLLER_KILL -> cluster.run("kill", node);
                case MASTER_STOP, SLAVE_STOP, CONTROLLER_STOP -> cluster.run("pause", node);
                case MASTER_PARTITION -> cluster.run("isolate", node, "c1", "c2", "c3");
                case SLAVE_PARTITION -> isolateSlave(node);
                case LINK_DELAY -> cluster.run("slow", node, "" + (50 + random.nextInt(250)));
                case PACKET_LOSS -> cluster.run("lossy", node, "" + (5 + random.nextInt(16)));
                case SLAVE_DISK_FULL -> cluster.run("fill", node);
                default -> throw new IllegalStateException("no injection for " + fault);
            }
            LOG.warn("round {}: {} on {} (master of {} was {})", round, fault, node, group, master);
            injected.add(new Injected(fault, node, group, master, at));
        }
        return injected;
    }

    private String target(Fault fault, String group, String master) {
        List<String> members = FailoverCluster.GROUPS.get(group);
        String masterNode = master == null ? members.get(0) : cluster.node(master);
        if (fault.name().startsWith("CONTROLLER")) {
            return FailoverCluster.CONTROLLERS.get(random.nextInt(3));
        }
        if (fault.onMaster()) {
            return masterNode;
        }
        List<String> slaves = members.stream().filter(n -> !n.equals(masterNode)).toList();
        return slaves.get(random.nextInt(slaves.size()));
    }

    private void isolateSlave(String node) throws Exception {
        List<String> args = new ArrayList<>(List.of("isolate", node, "c1", "c2", "c3", "tx"));
        FailoverCluster.GROUPS.get(FailoverCluster.groupOf(node)).stream()
                .filter(n -> !n.equals(node))
                .forEach(args::add);
        cluster.run(args.toArray(String[]::new));
    }

    /**
     * Keeps the faults in place for a drawn 2 to 10 s, and for a fault on a master until its group
     * took a write elsewhere (a new master) or 30 s passed: long enough for an election.
     */
    private void hold(List<Injected> injected) {
        long minimum = System.nanoTime() + Duration.ofSeconds(2 + random.nextInt(9)).toNanos();
        long maximum = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        Await.until(
                Duration.ofSeconds(40),
                Duration.ofMillis(100),
                () -> {
                    long now = System.nanoTime();
                    if (now < minimum) {
                        return false;
                    }
                    return now > maximum
                            || injected.stream()
                                    .filter(i -> i.fault().deposes())
                                    .allMatch(i -> firstAck(i, true) != NO_RECOVERY);
                },
                "the faults' hold time passes");
    }

    /** Undoes every fault: rules, toxics, fillers, stopped and dead processes. */
    private void heal() throws Exception {
        cluster.run("heal");
        for (List<String> members : FailoverCluster.GROUPS.values()) {
            for (String node : members) {
                cluster.run("unfill", node);
            }
        }
        List<String> all = new ArrayList<>(FailoverCluster.CONTROLLERS);
        FailoverCluster.GROUPS.values().forEach(all::addAll);
        for (String node : all) {
            cluster.run("resume", node);
            cluster.run("start", node);
        }
    }

    /**
     * With the load stopped, waits until every group is whole (each member holds the master's whole
     * log); a member still behind after {@link #HEAL_WAIT} is restarted. Returns those restarted.
     */
    private List<String> awaitWhole() throws Exception {
        List<String> restarted = new ArrayList<>();
        for (String group : FailoverCluster.GROUPS.keySet()) {
            restarted.addAll(cluster.heal(group, HEAL_WAIT));
        }
        if (!restarted.isEmpty()) {
            LOG.warn("round {}: restarted to heal: {}", round, restarted);
        }
        return restarted;
    }

    /** Milliseconds from the fault to the first SEND_OK on its group from a send begun after it. */
    private long recovery(Injected injected) {
        long first = firstAck(injected, true);
        if (first == NO_RECOVERY) {
            first = firstAck(injected, false);
        }
        return first == NO_RECOVERY ? NO_RECOVERY : (first - injected.at()) / 1_000_000;
    }

    private long firstAck(Injected injected, boolean elsewhere) {
        boolean anyGroup = injected.fault().name().startsWith("CONTROLLER");
        return acks.stream()
                .filter(a -> a.sent() >= injected.at())
                .filter(a -> anyGroup || a.group().equals(injected.group()))
                .filter(
                        a ->
                                !elsewhere
                                        || !injected.fault().deposes()
                                        || !a.store().equals(injected.oldMaster()))
                .mapToLong(Ack::answered)
                .min()
                .orElse(NO_RECOVERY);
    }

    private long ackedSince(String group, long since) {
        return acks.stream().filter(a -> a.group().equals(group) && a.sent() >= since).count();
    }

    private void await(String what, java.util.function.BooleanSupplier condition) {
        Await.until(
                FailoverCluster.PATIENCE,
                Duration.ofMillis(50),
                condition,
                what + " in round " + round);
    }

    static Set<String> keys(List<Ack> acks) {
        return acks.stream().map(Ack::key).collect(Collectors.toSet());
    }
}
