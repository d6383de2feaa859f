package io.bolide.broker.pop;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * What one consumer group has taken from one queue: the next offset to hand out and the messages
 * handed out but not yet acknowledged, by queue offset. Callers hold the object's monitor for every
 * call, and across a pop's read of the store so two pops never take the same offset.
 */
final class PopQueue {
    final QueueKey key;
    private long popOffset;
    private final TreeMap<Long, InFlight> inFlight = new TreeMap<>();

    /** Orderly: offset to how often it was delivered before (kept in memory only). */
    private final Map<Long, Integer> redelivered = new HashMap<>();

    private boolean orderly;

    PopQueue(QueueKey key, long popOffset) {
        this.key = key;
        this.popOffset = popOffset;
    }

    long popOffset() {
        return popOffset;
    }

    /** Moves the next offset to hand out forward (never back: replayed records may repeat). */
    void advance(long next) {
        popOffset = Math.max(popOffset, next);
    }

    /**
     * Whether the group pops this queue orderly: a batch not acknowledged in time is handed out
     * again from the queue itself, in order, instead of through the retry topic.
     */
    boolean orderly() {
        return orderly;
    }

    void orderly(boolean value) {
        orderly = value;
    }

    /** How often the message at {@code offset} was delivered before (orderly queues). */
    int redelivered(long offset) {
        return redelivered.getOrDefault(offset, 0);
    }

    /** An orderly batch fell due: its messages will be delivered once more. */
    void countRedelivery(long offset) {
        redelivered.merge(offset, 1, Integer::sum);
    }

    /** Resets the next offset (the queue's range moved under it: retention, a reset). */
    void reset(long next) {
        popOffset = next;
    }

    /** Forgets every message in flight (a reset: they will be handed out again from the queue). */
    void clearFlight() {
        inFlight.clear();
        redelivered.clear();
    }

    void take(long offset, long popTime, long deadline) {
        inFlight.put(offset, new InFlight(popTime, deadline));
    }

    /** Removes the message at {@code offset} if it is still in the delivery {@code popTime}. */
    InFlight remove(long offset, long popTime) {
        InFlight entry = inFlight.get(offset);
        if (entry == null || entry.popTime() != popTime) {
            return null;
        }
        inFlight.remove(offset);
        if (!redelivered.isEmpty()) {
            redelivered.remove(offset);
        }
        return entry;
    }

    /** Gives the message at {@code offset} of delivery {@code popTime} a new delivery. */
    boolean change(long offset, long popTime, long newPopTime, long deadline) {
        InFlight entry = inFlight.get(offset);
        if (entry == null || entry.popTime() != popTime) {
            return false;
        }
        inFlight.put(offset, new InFlight(newPopTime, deadline));
        return true;
    }

    /** The in-flight entry at {@code offset}, or null. */
    InFlight get(long offset) {
        return inFlight.get(offset);
    }

    /** Everything below this offset is acknowledged (or was never handed out). */
    long ackedBelow() {
        return inFlight.isEmpty() ? popOffset : Math.min(popOffset, inFlight.firstKey());
    }

    int inFlightCount() {
        return inFlight.size();
    }

    /** The in-flight entries, for a snapshot or for scheduling after a replay. */
    Map<Long, InFlight> inFlight() {
        return inFlight;
    }
}
