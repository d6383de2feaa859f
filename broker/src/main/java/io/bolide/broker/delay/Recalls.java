package io.bolide.broker.delay;

import java.util.HashMap;
import java.util.Map;

/**
 * The timer messages recalled and not yet due: unique key to the recall's due time. A recall is
 * itself a timer message due just after the one it cancels (its handle's time), so it is read from
 * the timer queue before the recalled message's slot fires; that message is then dropped instead of
 * delivered. A recall of a message that is unknown or already delivered matches nothing and expires
 * once its due time has passed. Used by the timer thread only.
 */
final class Recalls {
    private final Map<String, Long> pending = new HashMap<>();

    /**
     * Records a recall of {@code deleteKey} (the reference's {@code TIMER_DEL_UNIQKEY}: the unique
     * key, or {@code topic+uniqueKey}) due at {@code dueMs}.
     */
    void add(String deleteKey, long dueMs) {
        pending.put(deleteKey.substring(deleteKey.lastIndexOf('+') + 1), dueMs);
    }

    boolean isEmpty() {
        return pending.isEmpty();
    }

    /** True (and forgotten) when the message with {@code uniqKey} was recalled. */
    boolean take(String uniqKey) {
        return uniqKey != null && pending.remove(uniqKey) != null;
    }

    /** Forgets recalls due before {@code beforeMs}: what they named was delivered or never was. */
    void expire(long beforeMs) {
        if (!pending.isEmpty()) {
            pending.values().removeIf(due -> due < beforeMs);
        }
    }

    int size() {
        return pending.size();
    }
}
