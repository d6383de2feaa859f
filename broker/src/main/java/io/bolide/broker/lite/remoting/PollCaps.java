package io.bolide.broker.lite.remoting;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The reference's caps on lite pops held for long polling (5.5.0's lite long polling): {@code
 * maxPopPollingSize} held in all, and one more refused once {@code popPollingSize} are held for one
 * client of a group; past either a pop is answered POLLING_FULL (209) at once instead of held.
 */
final class PollCaps {
    private final AtomicLong total = new AtomicLong();
    private final Map<String, Integer> perClient = new ConcurrentHashMap<>();

    /**
     * Counts one more held pop of {@code key}, as the reference counts: refused when {@code
     * maxTotal} are held in all or more than {@code maxPerKey} for the key.
     *
     * @return false, nothing counted, when a cap refuses it
     */
    boolean enter(String key, long maxTotal, int maxPerKey) {
        if (total.get() >= maxTotal) {
            return false;
        }
        boolean[] counted = {false};
        perClient.compute(
                key,
                (k, n) -> {
                    int held = n == null ? 0 : n;
                    if (held > maxPerKey) {
                        return n;
                    }
                    counted[0] = true;
                    return held + 1;
                });
        if (counted[0]) {
            total.incrementAndGet();
        }
        return counted[0];
    }

    /** A held pop of {@code key} was answered. */
    void leave(String key) {
        total.decrementAndGet();
        perClient.computeIfPresent(key, (k, n) -> n <= 1 ? null : n - 1);
    }

    /** Pops held right now. */
    long held() {
        return total.get();
    }
}
