package io.bolide.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
 *
 * <p>The number of windows is bounded too: the kernel refuses a process more mappings than {@code
 * vm.max_map_count} (65530 by default), and every consume queue maps its file, so a broker with
 * tens of thousands of lite topics (issue #34) would otherwise fail to map the next one. At most
 * half that limit are kept, the rest of the process (the JVM, Netty) keeping the other half.
 */
final class MappingBudget {
    private static final MappingBudget UNBOUNDED =
            new MappingBudget(Long.MAX_VALUE, Integer.MAX_VALUE);
    private static final Path MAX_MAP_COUNT = Path.of("/proc/sys/vm/max_map_count");

    private final long limit;
    private final int maxWindows;
    private final Set<Entry> windows = ConcurrentHashMap.newKeySet();
    private volatile int tick;

    /** A window and the segment that owns it (to clear the segment's slot on eviction). */
    record Entry(MappedSegment segment, MappedWindow window) {}

    MappingBudget(long limitBytes) {
        this(limitBytes, defaultMaxWindows());
    }

    MappingBudget(long limitBytes, int maxWindows) {
        this.limit = limitBytes;
        this.maxWindows = maxWindows;
    }

    /** Half of the kernel's {@code vm.max_map_count} (65530 when it cannot be read). */
    static int defaultMaxWindows() {
        int count = 65_530;
        try {
            count = Integer.parseInt(Files.readString(MAX_MAP_COUNT).trim());
        } catch (IOException | NumberFormatException | SecurityException unreadable) {
            // not Linux, or no /proc: the kernel's default
        }
        return Math.max(1024, count / 2);
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
            if (windows.size() > maxWindows) {
                trimCount(window);
            }
        }
    }

    /**
     * Retires the least recently used windows nobody holds, {@code keep} aside, until a quarter of
     * the window count is free: done at once when a mapping crosses the count, as a reader walking
     * thousands of queues between two runs of the eviction agent (a lite pop over a client's lite
     * topics) would otherwise map past the kernel's limit, and a process that cannot map crashes.
     * Recency does not protect a window here; a reader that meets a retired window maps it again.
     */
    private synchronized void trimCount(MappedWindow keep) {
        if (windows.size() <= maxWindows) {
            return; // another thread's trim got here first
        }
        List<Entry> candidates = new ArrayList<>(windows);
        long[] order = new long[candidates.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = ((long) candidates.get(i).window().lastUsed() << 32) | i;
        }
        Arrays.sort(order);
        int excess = candidates.size() - maxWindows / 4 * 3;
        for (int i = 0; i < order.length && excess > 0; i++) {
            Entry e = candidates.get((int) order[i]);
            if (e.window() != keep && e.window().users() == 0 && e.segment().evict(e.window())) {
                excess--;
            }
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

    /** Unmaps cold windows while above the limit or the window count; returns how many went. */
    int trim() {
        int now = ++tick;
        long total = residentEstimate();
        int count = windows.size();
        if (total <= limit && count <= maxWindows) {
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
        long target = total > limit ? limit / 4 * 3 : Long.MAX_VALUE;
        int countTarget = count > maxWindows ? maxWindows / 4 * 3 : Integer.MAX_VALUE;
        int evicted = 0;
        for (long key : order) {
            if (total <= target && count - evicted <= countTarget) {
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
