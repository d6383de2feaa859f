package io.bolide.broker.ha;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * Controller mode: the SyncStateSet a master holds (the controller's broker ids, its own included)
 * and when each slave last caught up. A SYNC send waits for the members, so whoever the controller
 * elects from the set holds every acknowledged send. It outlives a role switch (the broker's
 * controller client owns it); the master's links update the catch-up times.
 *
 * <p>The rules, the reference's: a slave has caught up when it acknowledges at least what the
 * master held at its previous report; a member that has not caught up for {@code
 * haMaxTimeSlaveNotCatchup} is dropped; a linked slave whose acknowledgement reaches the confirm
 * offset (what every member holds) joins.
 */
public final class InSyncSet {
    private final LongSupplier millis;
    private final Map<Long, Long> caughtUp = new ConcurrentHashMap<>();
    private volatile Set<Long> members = Set.of();
    private volatile int epoch;
    private volatile long since;
    private volatile long self = -1;
    private volatile Runnable onChange = () -> {};

    /**
     * @param millis the clock the catch-up times are read from
     */
    public InSyncSet(LongSupplier millis) {
        this.millis = millis;
        this.since = millis.getAsLong();
    }

    /** This broker's controller id (a master's config id is 0; the set holds controller ids). */
    public void identify(long id) {
        self = id;
    }

    /** This broker's controller id, or -1 before it has one. */
    public long self() {
        return self;
    }

    /** The set and its epoch, as the controller accepted them (or as an expansion proposes). */
    public void set(Set<Long> next, int nextEpoch) {
        boolean changed = !members.equals(next);
        members = Set.copyOf(next);
        epoch = nextEpoch;
        if (changed) {
            onChange.run();
        }
    }

    /** The members, the master's own id included. */
    public Set<Long> members() {
        return members;
    }

    /** The SyncStateSet epoch the members belong to. */
    public int epoch() {
        return epoch;
    }

    /** A new term starts: every member gets a full {@code haMaxTimeSlaveNotCatchup} of grace. */
    public void restartClock() {
        since = millis.getAsLong();
        caughtUp.clear();
    }

    void listen(Runnable listener) {
        onChange = listener;
    }

    /** Slave {@code brokerId} acknowledged what this master held at its previous report. */
    void caughtUp(long brokerId) {
        caughtUp.put(brokerId, millis.getAsLong());
    }

    /**
     * The set this master should ask the controller for, or null to keep the current one: members
     * behind for longer than {@code maxBehindMs} leave, linked slaves reaching {@code confirm}
     * join.
     *
     * @param self the master's own controller id
     * @param acks each linked slave's acknowledged offset, by broker id
     * @param confirm the offset every member holds
     */
    public Set<Long> proposal(long self, Map<Long, Long> acks, long confirm, long maxBehindMs) {
        long now = millis.getAsLong();
        Set<Long> next = new HashSet<>();
        next.add(self);
        for (long member : members) {
            long last = caughtUp.getOrDefault(member, since);
            if (member != self && now - Math.max(last, since) <= maxBehindMs) {
                next.add(member);
            }
        }
        for (Map.Entry<Long, Long> ack : acks.entrySet()) {
            if (ack.getValue() >= confirm && ack.getKey() != self && hasCaughtUp(ack.getKey())) {
                next.add(ack.getKey());
            }
        }
        return next.equals(members) ? null : next;
    }

    /** Whether slave {@code id} has caught up at least once in this term. */
    private boolean hasCaughtUp(long id) {
        Long last = caughtUp.get(id);
        return last != null && last >= since;
    }
}
