package io.bolide.store;

/**
 * The store's settings that change while it runs: retention and the ASYNC flush period. The agents
 * read them on every pass, so a change applies from their next one.
 */
public final class StoreTuning {
    private final RetentionAgent retention;
    private final FlushAgent flush;

    StoreTuning(RetentionAgent retention, FlushAgent flush) {
        this.retention = retention;
        this.flush = flush;
    }

    /** The retention in force. */
    public Retention retention() {
        return retention.rules();
    }

    /** Retention from the next pass on. */
    public void retention(Retention rules) {
        retention.rules(rules);
    }

    /** The ASYNC flush period in force, in milliseconds. */
    public long flushIntervalMs() {
        return flush.intervalMs();
    }

    /** The ASYNC flush period from the next flush on, in milliseconds (at least 1). */
    public void flushIntervalMs(long ms) {
        if (ms < 1) {
            throw new IllegalArgumentException("flushIntervalMs must be >= 1: " + ms);
        }
        flush.intervalMs(ms);
    }
}
