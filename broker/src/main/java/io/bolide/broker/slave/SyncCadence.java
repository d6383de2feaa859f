package io.bolide.broker.slave;

import java.util.Objects;

/**
 * When a slave copies its master's tables. The reference looks every 3 s and copies once 60 s (in
 * controller mode 10 s) have passed since the last copy; Bolide does the same, and also copies at
 * once when the name servers name a different master (the first one included), so a new slave or a
 * slave of a moved master does not serve stale tables for a minute. A failed copy is retried at the
 * next look.
 */
final class SyncCadence {
    static final long LOOK_EVERY_MS = 3_000;
    static final long COPY_EVERY_MS = 60_000;

    /**
     * The reference's controller-mode slaves copy every 10 s: any of them may be elected, and a
     * topic the new master lacks loses its route with the old master.
     */
    static final long CONTROLLED_COPY_EVERY_MS = 10_000;

    private final long copyEveryMs;
    private String copiedFrom;
    private long copiedAtMs;

    /** The classic cadence: a copy every {@link #COPY_EVERY_MS}. */
    SyncCadence() {
        this(COPY_EVERY_MS);
    }

    SyncCadence(long copyEveryMs) {
        this.copyEveryMs = copyEveryMs;
    }

    /** Whether to copy from {@code master} (null: none known) at {@code nowMs}. */
    boolean due(String master, long nowMs) {
        return master != null
                && (!Objects.equals(master, copiedFrom) || nowMs - copiedAtMs >= copyEveryMs);
    }

    /** Records a copy from {@code master} at {@code nowMs}; a failed one is retried soon. */
    void copied(String master, long nowMs, boolean succeeded) {
        if (succeeded) {
            copiedFrom = master;
            copiedAtMs = nowMs;
        } else {
            copiedFrom = null;
        }
    }
}
