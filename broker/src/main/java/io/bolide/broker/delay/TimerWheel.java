package io.bolide.broker.delay;

import java.util.Map;
import java.util.TreeMap;
import org.agrona.collections.Long2ObjectHashMap;
import org.agrona.collections.LongArrayList;

/**
 * Pending timer messages in slots keyed by due slot ({@code ceil(due / precision)}): a slot fires
 * once the clock reaches its end, so no message is delivered before its due time and each tick only
 * touches the slots that have come due, never the whole set. Slots live in a primitive hash map
 * keyed by slot number (the wheel has no fixed size: the longest delay is bounded by the router).
 * Each pending message costs two longs (commit-log offset, queue offset). A message whose slot has
 * already passed waits in an overdue list delivered on the next tick.
 *
 * <p>For recovery the wheel also knows the lowest queue offset still pending (by blocks of {@value
 * #BLOCK} offsets), so a restart re-reads the timer queue from there. Single-threaded.
 */
final class TimerWheel {
    /** Receives due messages; false stops the tick and keeps the message for the next one. */
    @FunctionalInterface
    interface Sink {
        boolean deliver(long physOffset, long queueOffset);
    }

    static final int BLOCK = 256;

    private final long precisionMs;
    private final Long2ObjectHashMap<LongArrayList> slots = new Long2ObjectHashMap<>();
    private final LongArrayList overdue = new LongArrayList();
    private final TreeMap<Long, int[]> pendingBlocks = new TreeMap<>();
    private long cursor;
    private int pending;

    /**
     * A wheel whose slots are {@code precisionMs} wide and whose last fired slot is {@code cursor}.
     */
    TimerWheel(long precisionMs, long cursor) {
        this.precisionMs = precisionMs;
        this.cursor = cursor;
    }

    /** The slot a message due at {@code dueMs} waits in. */
    long slotOf(long dueMs) {
        return Math.floorDiv(dueMs + precisionMs - 1, precisionMs);
    }

    /** The last slot whose end the clock has reached at {@code nowMs}. */
    long slotReached(long nowMs) {
        return Math.floorDiv(nowMs, precisionMs);
    }

    /** The last fired slot: every message of this slot or an earlier one has been delivered. */
    long cursor() {
        return cursor;
    }

    /** Messages waiting. */
    int pending() {
        return pending;
    }

    /** Messages whose slot had passed when they were filed and that are not delivered yet. */
    int overdue() {
        return overdue.size() / 2;
    }

    void add(long dueMs, long physOffset, long queueOffset) {
        long slot = slotOf(dueMs);
        LongArrayList list = overdue;
        if (slot > cursor) {
            list = slots.get(slot);
            if (list == null) {
                list = new LongArrayList(4, Long.MIN_VALUE);
                slots.put(slot, list);
            }
        }
        list.addLong(physOffset);
        list.addLong(queueOffset);
        pendingBlocks.computeIfAbsent(queueOffset / BLOCK, b -> new int[1])[0]++;
        pending++;
    }

    /**
     * Delivers the overdue messages and those of every slot up to {@link #slotReached(long)}; the
     * cursor moves past a slot only once all its messages were accepted. Returns deliveries.
     */
    int advance(long nowMs, Sink sink) {
        int delivered = drain(overdue, sink);
        if (delivered < 0) {
            return -delivered - 1;
        }
        long target = slotReached(nowMs);
        if (slots.isEmpty()) {
            cursor = Math.max(cursor, target);
            return delivered;
        }
        while (cursor < target) {
            LongArrayList list = slots.get(cursor + 1);
            if (list != null) {
                int n = drain(list, sink);
                if (n < 0) {
                    return delivered - n - 1;
                }
                delivered += n;
                slots.remove(cursor + 1);
            }
            cursor++;
        }
        return delivered;
    }

    /** Delivers a list from its end; returns the count, or -(count + 1) if the sink refused one. */
    private int drain(LongArrayList list, Sink sink) {
        int n = 0;
        while (!list.isEmpty()) {
            int size = list.size();
            long phys = list.getLong(size - 2);
            long queueOffset = list.getLong(size - 1);
            if (!sink.deliver(phys, queueOffset)) {
                return -(n + 1);
            }
            list.removeAt(size - 1);
            list.removeAt(size - 2);
            removed(queueOffset);
            n++;
        }
        return n;
    }

    private void removed(long queueOffset) {
        Long block = queueOffset / BLOCK;
        int[] count = pendingBlocks.get(block);
        if (count != null && --count[0] == 0) {
            pendingBlocks.remove(block);
        }
        pending--;
    }

    /** The lowest queue offset that may still be pending, or {@code ifNone} when none is. */
    long lowestPending(long ifNone) {
        Map.Entry<Long, int[]> first = pendingBlocks.firstEntry();
        return first == null ? ifNone : first.getKey() * BLOCK;
    }
}
