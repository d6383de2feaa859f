package io.bolide.broker.delay;

/**
 * The delay levels of {@code messageDelayLevel}: level {@code n} (1-based) waits the {@code n}-th
 * duration of a space-separated list such as {@code "1s 5s 10s 30s 1m ... 2h"}. Units are those the
 * reference accepts: {@code s}, {@code m}, {@code h} and {@code d}. Immutable.
 */
public final class DelayLevels {
    /** The reference's default, 18 levels. */
    public static final String DEFAULT =
            "1s 5s 10s 30s 1m 2m 3m 4m 5m 6m 7m 8m 9m 10m 20m 30m 1h 2h";

    private final long[] delayMs;
    private final String text;

    private DelayLevels(long[] delayMs, String text) {
        this.delayMs = delayMs;
        this.text = text;
    }

    /**
     * Parses a level list.
     *
     * @throws IllegalArgumentException for an empty list, an unknown unit, or a bad number
     */
    public static DelayLevels parse(String text) {
        String[] parts = text.trim().split(" +");
        if (parts.length == 0 || parts[0].isEmpty()) {
            throw new IllegalArgumentException("no delay levels");
        }
        long[] delays = new long[parts.length];
        for (int i = 0; i < parts.length; i++) {
            delays[i] = durationMs(parts[i]);
        }
        return new DelayLevels(delays, text.trim());
    }

    private static long durationMs(String part) {
        long unit = unitMs(part.charAt(part.length() - 1));
        long amount;
        try {
            amount = Long.parseLong(part.substring(0, part.length() - 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("bad delay level '" + part + "'");
        }
        if (amount < 0 || amount > Long.MAX_VALUE / unit) {
            throw new IllegalArgumentException("bad delay level '" + part + "'");
        }
        return amount * unit;
    }

    private static long unitMs(char unit) {
        switch (unit) {
            case 's':
                return 1000L;
            case 'm':
                return 60_000L;
            case 'h':
                return 3_600_000L;
            case 'd':
                return 86_400_000L;
            default:
                throw new IllegalArgumentException("unknown delay unit '" + unit + "'");
        }
    }

    /** The highest level (the number of levels). */
    public int maxLevel() {
        return delayMs.length;
    }

    /** A requested level as stored: levels above the highest become the highest. */
    public int clamp(int level) {
        return Math.min(level, delayMs.length);
    }

    /** The delay of {@code level} (1..{@link #maxLevel()}) in milliseconds. */
    public long delayMs(int level) {
        return delayMs[level - 1];
    }

    /** When a message of {@code level} stored at {@code storeTimestamp} is due. */
    public long dueTime(int level, long storeTimestamp) {
        return storeTimestamp + delayMs[level - 1];
    }

    @Override
    public String toString() {
        return text;
    }
}
