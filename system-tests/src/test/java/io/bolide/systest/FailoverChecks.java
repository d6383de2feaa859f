package io.bolide.systest;

import io.bolide.testsupport.Await;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.rocketmq.common.message.MessageExt;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The checks after a fail-over round, once both groups are whole again: every message answered
 * SEND_OK is on its group's master (lost must be 0) and reached the consumer (undelivered must be
 * 0); the replicas of each group hold the same messages at the same queue and commit-log offsets
 * with the same body CRCs up to the shortest replica's end (divergent must be 0); and no two
 * brokers of a group acknowledged writes in the same epoch (the epoch of a write is read from the
 * storing broker's epoch file at the commit-log offset its offset message id names; split must be
 * 0).
 */
final class FailoverChecks {
    private static final Logger LOG = LoggerFactory.getLogger(FailoverChecks.class);

    /** What a round did and found; {@code recoveryMillis} per fault, -1 where none was seen. */
    record Result(
            int round,
            List<FailoverRound.Fault> faults,
            long acked,
            long unsynced,
            long failed,
            int lost,
            long undelivered,
            int divergent,
            int split,
            int corrupt,
            int logDuplicates,
            long duplicatesDelivered,
            List<Long> recoveryMillis,
            long millis,
            int restarts) {
        /** The same result with {@code count} members restarted (by force) to heal the round. */
        Result withRestarts(int count) {
            return new Result(
                    round,
                    faults,
                    acked,
                    unsynced,
                    failed,
                    lost,
                    undelivered,
                    divergent,
                    split,
                    corrupt,
                    logDuplicates,
                    duplicatesDelivered,
                    recoveryMillis,
                    millis,
                    count);
        }
    }

    private final FailoverCluster cluster;
    private final FaultBodies bodies;
    private final int round;

    FailoverChecks(FailoverCluster cluster, FaultBodies bodies, int round) {
        this.cluster = cluster;
        this.bodies = bodies;
        this.round = round;
    }

    Result check(
            List<FailoverRound.Fault> faults,
            SendLoad load,
            List<FailoverRound.Ack> acks,
            Map<String, long[]> from,
            List<Long> recovery,
            long redelivered,
            long started)
            throws Exception {
        Set<String> acked = load.acked();
        long undelivered = awaitDelivery(acked, acks);
        int lost = 0;
        int corrupt = 0;
        int logDuplicates = 0;
        int divergent = 0;
        for (String group : FailoverCluster.GROUPS.keySet()) {
            String master = cluster.master(group);
            Holdings onMaster =
                    FailoverCluster.patiently(
                            "reading " + group + "'s master",
                            () ->
                                    Holdings.read(
                                            cluster.reader(),
                                            master,
                                            FailoverCluster.TOPIC,
                                            from.get(group),
                                            cluster.queueEnds(master),
                                            bodies));
            lost +=
                    (int)
                            acks.stream()
                                    .filter(
                                            a ->
                                                    a.group().equals(group)
                                                            && !onMaster.holds(a.key()))
                                    .count();
            corrupt += onMaster.corrupt();
            logDuplicates += onMaster.duplicates();
            divergent += divergent(group, from.get(group));
            LOG.warn("round {}: {} master {}", round, group, onMaster);
        }
        int split = split(acks);
        Result result =
                new Result(
                        round,
                        faults,
                        acked.size(),
                        load.unsynced().size(),
                        load.failed(),
                        lost,
                        undelivered,
                        divergent,
                        split,
                        corrupt + cluster.inbox().corrupt().size(),
                        logDuplicates,
                        cluster.inbox().duplicates() - redelivered,
                        recovery,
                        (System.nanoTime() - started) / 1_000_000,
                        0);
        LOG.warn("round {}: {}", round, result);
        return result;
    }

    /**
     * Waits (bounded) until the push consumer got every SEND_OK message; returns how many it never
     * got. Counted apart from lost: a message on the master that the consumer never gets was
     * skipped (its group's offset moved past it), not lost from the store. Logs a few with where
     * they were stored.
     */
    private long awaitDelivery(Set<String> acked, List<FailoverRound.Ack> acks) {
        try {
            Await.until(
                    Duration.ofSeconds(90),
                    Duration.ofMillis(100),
                    () -> cluster.inbox().undelivered(acked) == 0,
                    "the consumer gets every SEND_OK message of round " + round);
            return 0;
        } catch (AssertionError e) {
            List<String> missing = cluster.inbox().missing(acked, 10);
            for (FailoverRound.Ack ack : acks) {
                if (missing.contains(ack.key())) {
                    LOG.warn("round {}: never delivered: {}", round, ack);
                }
            }
            return cluster.inbox().undelivered(acked);
        }
    }

    /**
     * Replicas of {@code group} whose queues differ from the master's below the shorter end: same
     * queue offset must mean the same commit-log offset, key and body CRC.
     */
    private int divergent(String group, long[] from) throws Exception {
        String master = cluster.master(group);
        Map<Integer, List<String>> reference =
                FailoverCluster.patiently("reading " + master, () -> fingerprints(master, from));
        int differing = 0;
        for (String node : FailoverCluster.GROUPS.get(group)) {
            String address = cluster.address(node);
            if (address.equals(master)) {
                continue;
            }
            Map<Integer, List<String>> replica =
                    FailoverCluster.patiently(
                            "reading " + address, () -> fingerprints(address, from));
            for (int q = 0; q < FailoverCluster.QUEUES; q++) {
                List<String> a = reference.get(q);
                List<String> b = replica.get(q);
                int common = Math.min(a.size(), b.size());
                if (!a.subList(0, common).equals(b.subList(0, common))) {
                    LOG.warn(
                            "round {}: {} queue {} differs from the master {}",
                            round,
                            node,
                            q,
                            master);
                    differing++;
                    break;
                }
            }
        }
        return differing;
    }

    private Map<Integer, List<String>> fingerprints(String address, long[] from) throws Exception {
        long[] to = cluster.queueEnds(address);
        Map<Integer, List<String>> queues = new TreeMap<>();
        for (int q = 0; q < FailoverCluster.QUEUES; q++) {
            List<String> prints = new ArrayList<>();
            for (MessageExt m :
                    cluster.reader().read(address, FailoverCluster.TOPIC, q, from[q], to[q])) {
                prints.add(
                        m.getQueueOffset()
                                + "@"
                                + m.getCommitLogOffset()
                                + ":"
                                + m.getUserProperty(FaultBodies.KEY)
                                + ":"
                                + m.getBodyCRC());
            }
            queues.put(q, prints);
        }
        return queues;
    }

    /** (group, epoch) pairs in which more than one broker acknowledged writes. */
    private int split(List<FailoverRound.Ack> acks) throws Exception {
        Map<String, List<long[]>> epochs = new HashMap<>();
        Map<String, Set<String>> writers = new HashMap<>();
        for (FailoverRound.Ack ack : acks) {
            String node = cluster.node(ack.store());
            List<long[]> terms = epochs.computeIfAbsent(node, n -> readEpochs(n));
            long epoch = -1;
            for (long[] term : terms) {
                if (term[1] <= ack.offset()) {
                    epoch = term[0];
                }
            }
            writers.computeIfAbsent(ack.group() + "/" + epoch, k -> new HashSet<>()).add(node);
        }
        int split = 0;
        for (Map.Entry<String, Set<String>> entry : writers.entrySet()) {
            if (entry.getValue().size() > 1) {
                LOG.warn(
                        "round {}: epoch {} written by {}",
                        round,
                        entry.getKey(),
                        entry.getValue());
                split++;
            }
        }
        return split;
    }

    private List<long[]> readEpochs(String node) {
        try {
            return cluster.epochs(node);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
