package io.bolide.broker.transaction;

/**
 * Timing of the transaction check-back, under the reference broker's key names: a half message left
 * without an outcome for {@code transactionTimeOut} is checked with its producer group, at most
 * once per {@code transactionCheckInterval}, and dropped after {@code transactionCheckMax} checks.
 */
public final class TransactionConfig {
    private final long timeoutMillis;
    private final long checkIntervalMillis;
    private final int checkMax;

    /**
     * @param timeoutMillis age (from the producer's born time) before a half message is checked
     * @param checkIntervalMillis period of the check scan
     * @param checkMax checks before a half message is moved to the check-max topic
     */
    public TransactionConfig(long timeoutMillis, long checkIntervalMillis, int checkMax) {
        if (timeoutMillis < 0 || checkIntervalMillis <= 0 || checkMax < 0) {
            throw new IllegalArgumentException("negative transaction timing");
        }
        this.timeoutMillis = timeoutMillis;
        this.checkIntervalMillis = checkIntervalMillis;
        this.checkMax = checkMax;
    }

    /** Age (ms) before a half message without an outcome is checked. */
    public long timeoutMillis() {
        return timeoutMillis;
    }

    /** Period (ms) of the check scan. */
    public long checkIntervalMillis() {
        return checkIntervalMillis;
    }

    /** Checks before a half message is given up. */
    public int checkMax() {
        return checkMax;
    }
}
