package io.bolide.store;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Bounds the store's mapped pages that count in the process's resident set. Every window a segment
 * maps is registered here; {@link #trim()} (the eviction agent, a few times a second) adds up the
 * touched extent of each and, above the limit, retires the least recently used windows nobody is
 * using until the total is back under three quarters of it. A retired window is mapped again on its
 * next access: cold reads pay a map and page faults from the page cache, the hot path (the write
 * window, recent data) stays mapped because it is always the most recently used.
 */
final class MappingBudget {
    private static final MappingBudget UNBOUNDED = new MappingBudget(Long.MAX_VALUE);

    private final long limit;
    private final Set<Entry> windows = ConcurrentHashMap.newKeySet();
    private volatile int tick;

    /** A window and the segment that owns it (to clear the segment's slot on eviction). */
    record Entry(MappedSegment segment, MappedWindow window) {}

    MappingBudget(long limitBytes) {
        this.limit = limitBytes;
    }

    /** A budget that never unmaps and keeps no registry (tests of single parts). */
    static MappingBudget unbounded() {
        return UNBOUNDED;
    }

    long limit() {
        return limit;
    }

    int tick() {
        return tick;
    }

    void register(MappedSegment segment, MappedWindow window) {
        if (this != UNBOUNDED) {
            windows.add(new Entry(segment, window));
        }
    }

    void unregister(MappedSegment segment, MappedWindow window) {
        if (this != UNBOUNDED) {
            windows.remove(new Entry(segment, window));
        }
    }

    /** Windows currently mapped (registered). */
    int mappedWindows() {
        return windows.size();
    }

    /** Pins and slices held on the mapped windows now (tests: a batch must leave none behind). */
    long users() {
        long total = 0;
        for (Entry e : windows) {
            total += e.window().users();
        }
        return total;
    }

    /** The estimated resident bytes of every mapped window. */
    long residentEstimate() {
        long total = 0;
        for (Entry e : windows) {
            total += e.window().residentEstimate();
        }
        return total;
    }

    /** Unmaps cold windows while above the limit; returns how many went. */
    int trim() {
        int now = ++tick;
        long total = residentEstimate();
        if (total <= limit) {
            return 0;
        }
        // Sorted on a snapshot of the recency: pins keep changing it, and a sort whose keys move
        // under it may throw ("Comparison method violates its general contract").
        List<Entry> candidates = new ArrayList<>(windows);
        long[] order = new long[candidates.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = ((long) candidates.get(i).window().lastUsed() << 32) | i;
        }
        Arrays.sort(order);
        long target = limit / 4 * 3;
        int evicted = 0;
        for (long key : order) {
            if (total <= target) {
                break;
            }
            Entry e = candidates.get((int) key);
            MappedWindow w = e.window();
            if (w.lastUsed() >= now - 1 || w.users() > 0) {
                continue;
            }
            long resident = w.residentEstimate();
            if (e.segment().evict(w)) {
                total -= resident;
                evicted++;
            }
        }
        return evicted;
    }
}
