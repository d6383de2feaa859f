package io.bolide.controller;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * Which replicas are alive, from their BROKER_HEARTBEAT (904) requests: each heartbeat names its
 * own timeout; a replica silent longer is dead. Kept by each controller for itself, not replicated:
 * liveness is a matter of the clock here and now, and a controller that becomes leader gives every
 * replica one timeout's grace (see {@link #graceAll}) instead of trusting old beats. A replica
 * whose last heartbeat came over a connection that then closed is dead at once ({@link #closed}): a
 * killed broker's socket closes with it, long before its heartbeats would time out.
 */
final class Liveness {
    private final LongSupplier clock;
    // volatile: UPDATE_CONTROLLER_CONFIG changes it while heartbeats arrive
    private volatile long defaultTimeoutMillis;
    private final Map<ReplicaKey, Beat> beats = new ConcurrentHashMap<>();
    // The connection each replica's last heartbeat came over (any object that names it), and when.
    private final Map<ReplicaKey, Via> via = new ConcurrentHashMap<>();
    private volatile long graceFromMillis = Long.MIN_VALUE;
    private volatile long graceUntilMillis;

    /** The connection a heartbeat came over and when it arrived (the clock's, never re-dated). */
    private record Via(Object connection, long atMillis) {}

    /**
     * A replica forgotten because the connection of its last heartbeat closed; {@code
     * sinceLeading}: that heartbeat came after this controller's latest {@link #graceAll}, so the
     * replica knew this controller as leader and the close is news of it, grace or not.
     */
    record Closed(ReplicaKey key, boolean sinceLeading) {}

    Liveness(LongSupplier clock, long defaultTimeoutMillis) {
        this.clock = clock;
        this.defaultTimeoutMillis = defaultTimeoutMillis;
    }

    /**
     * Changes the timeout of replicas whose heartbeats name none (controllerHeartBeatTimeoutMills),
     * from their next heartbeat on.
     */
    void defaultTimeoutMillis(long millis) {
        this.defaultTimeoutMillis = millis;
    }

    long defaultTimeoutMillis() {
        return defaultTimeoutMillis;
    }

    /** A replica of a group, by broker name and id. */
    record ReplicaKey(String brokerName, long brokerId) {}

    /** The last heartbeat of a replica and what it said about its log. */
    record Beat(
            String cluster,
            String address,
            long atMillis,
            long timeoutMillis,
            int epoch,
            long maxOffset,
            long confirmOffset,
            int electionPriority) {}

    /** Records a heartbeat; {@code beat.atMillis} is replaced by the clock's now. */
    void heard(String brokerName, long brokerId, Beat beat) {
        heard(brokerName, brokerId, beat, null);
    }

    /**
     * Records a heartbeat that came over {@code connection} (null: unknown); when that connection
     * closes before another heartbeat arrives, {@link #closed} forgets the replica.
     */
    void heard(String brokerName, long brokerId, Beat beat, Object connection) {
        ReplicaKey key = new ReplicaKey(brokerName, brokerId);
        if (connection == null) {
            via.remove(key);
        } else {
            via.put(key, new Via(connection, clock.getAsLong()));
        }
        long timeout = beat.timeoutMillis() > 0 ? beat.timeoutMillis() : defaultTimeoutMillis;
        beats.put(
                key,
                new Beat(
                        beat.cluster(),
                        beat.address(),
                        clock.getAsLong(),
                        timeout,
                        beat.epoch(),
                        beat.maxOffset(),
                        beat.confirmOffset(),
                        beat.electionPriority()));
    }

    boolean isAlive(String brokerName, Long brokerId) {
        if (brokerId == null) {
            return false;
        }
        Beat beat = beats.get(new ReplicaKey(brokerName, brokerId));
        return beat != null && clock.getAsLong() - beat.atMillis() <= beat.timeoutMillis();
    }

    /** The last heartbeat of a replica, or null. */
    Beat beat(String brokerName, long brokerId) {
        return beats.get(new ReplicaKey(brokerName, brokerId));
    }

    /** Forgets the replicas silent for longer than their timeout; returns them. */
    List<ReplicaKey> expire() {
        long now = clock.getAsLong();
        List<ReplicaKey> dead = new ArrayList<>();
        beats.forEach(
                (key, beat) -> {
                    if (now - beat.atMillis() > beat.timeoutMillis()) {
                        dead.add(key);
                    }
                });
        dead.forEach(beats::remove);
        dead.forEach(via::remove);
        return dead;
    }

    /**
     * {@code connection} closed: forgets every replica whose last heartbeat came over it (a newer
     * heartbeat over another connection keeps its replica alive) and returns them.
     */
    List<Closed> closed(Object connection) {
        List<Closed> gone = new ArrayList<>();
        via.forEach(
                (key, last) -> {
                    if (last.connection() == connection && via.remove(key, last)) {
                        beats.remove(key);
                        gone.add(new Closed(key, last.atMillis() > graceFromMillis));
                    }
                });
        return gone;
    }

    /**
     * Treats every replica known to this controller as heard now. Called when this controller
     * becomes leader: beats it received as a follower may be old, so no replica is judged dead
     * before it had one full timeout to reach the new leader.
     */
    void graceAll() {
        long now = clock.getAsLong();
        graceFromMillis = now;
        graceUntilMillis = now + defaultTimeoutMillis;
        beats.replaceAll(
                (key, beat) ->
                        new Beat(
                                beat.cluster(),
                                beat.address(),
                                now,
                                beat.timeoutMillis(),
                                beat.epoch(),
                                beat.maxOffset(),
                                beat.confirmOffset(),
                                beat.electionPriority()));
    }

    /**
     * True within one default timeout of {@link #graceAll}: a master this controller has not heard
     * from yet may be beating towards the old leader, so its silence proves nothing yet.
     */
    boolean inGrace() {
        return clock.getAsLong() < graceUntilMillis;
    }
}
