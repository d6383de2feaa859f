package io.bolide.broker.stats;

import io.bolide.protocol.body.BrokerStatsItem;
import java.util.concurrent.atomic.LongAdder;

/**
 * One counted statistic (a topic's puts, a group's gets, ...): a value and the number of times it
 * was added to, both {@link LongAdder}s, so the hot path adds without a lock or an allocation. The
 * duty thread {@link #sample samples} both every ten seconds into three rings, the reference's
 * windows: the last minute (7 samples 10 s apart), hour (7 samples 10 minutes apart) and day (25
 * samples an hour apart). A window's figures compare the oldest sample it holds with the counters
 * now, and each ring starts with a zero sample at creation, so a new statistic reports traffic at
 * once rather than after the first sampling period.
 */
final class StatsItem {
    private final LongAdder value = new LongAdder();
    private final LongAdder times = new LongAdder();
    private final Ring minute = new Ring(7);
    private final Ring hour = new Ring(7);
    private final Ring day = new Ring(25);

    /** A statistic counted from {@code createdMillis} on: zero then, in every window. */
    StatsItem(long createdMillis) {
        minute.add(0, 0, createdMillis);
        hour.add(0, 0, createdMillis);
        day.add(0, 0, createdMillis);
    }

    void add(long amount) {
        value.add(amount);
        times.increment();
    }

    long value() {
        return value.sum();
    }

    /**
     * Records the counters; {@code tick} counts ten-second periods since the broker started, and
     * decides which of the coarser rings take this sample as well.
     */
    synchronized void sample(long tick, long nowMillis) {
        long v = value.sum();
        long t = times.sum();
        minute.add(v, t, nowMillis);
        if (tick % 60 == 0) {
            hour.add(v, t, nowMillis);
        }
        if (tick % 360 == 0) {
            day.add(v, t, nowMillis);
        }
    }

    synchronized BrokerStatsItem minute(long nowMillis) {
        return minute.window(value.sum(), times.sum(), nowMillis);
    }

    synchronized BrokerStatsItem hour(long nowMillis) {
        return hour.window(value.sum(), times.sum(), nowMillis);
    }

    synchronized BrokerStatsItem day(long nowMillis) {
        return day.window(value.sum(), times.sum(), nowMillis);
    }

    /** A fixed number of samples, the oldest overwritten first. */
    private static final class Ring {
        private final long[] values;
        private final long[] times;
        private final long[] stamps;
        private int count;
        private int next;

        Ring(int size) {
            values = new long[size];
            times = new long[size];
            stamps = new long[size];
        }

        void add(long value, long timesValue, long stamp) {
            values[next] = value;
            times[next] = timesValue;
            stamps[next] = stamp;
            next = (next + 1) % values.length;
            count = Math.min(count + 1, values.length);
        }

        /** Growth since the oldest sample: the sum, per second, and per event. */
        BrokerStatsItem window(long valueNow, long timesNow, long nowMillis) {
            if (count == 0) {
                return new BrokerStatsItem(0, 0, 0);
            }
            int oldest = count < values.length ? 0 : next;
            long sum = valueNow - values[oldest];
            long events = timesNow - times[oldest];
            long span = nowMillis - stamps[oldest];
            double tps = span > 0 ? sum * 1000.0 / span : 0;
            double avgpt = events > 0 ? (double) sum / events : 0;
            return new BrokerStatsItem(sum, tps, avgpt);
        }
    }
}
