package io.bolide.bench.e2e;

import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.HdrHistogram.Histogram;
import org.apache.rocketmq.remoting.netty.NettyClientConfig;
import org.apache.rocketmq.remoting.netty.NettyRemotingClient;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.body.KVTable;

/**
 * Replication figures of a master and its slave read the same way from either broker: their
 * commit-log ends ({@code commitLogMaxOffset} of GET_BROKER_RUNTIME_INFO). Sampled while a load
 * runs, they give the slave's lag in bytes and in time (how long ago the master's end was where the
 * slave's is now); after the fact, how fast a slave that was behind catches up.
 */
final class HaProbe implements AutoCloseable {
    private final NettyRemotingClient client = new NettyRemotingClient(new NettyClientConfig());
    private final String master;
    private final String slave;

    HaProbe(String master, String slave) {
        this.master = master;
        this.slave = slave;
        client.start();
    }

    /** A broker's commit-log end, or -1 when it does not answer. */
    long maxOffset(String address) {
        try {
            RemotingCommand request =
                    RemotingCommand.createRequestCommand(RequestCode.GET_BROKER_RUNTIME_INFO, null);
            RemotingCommand response = client.invokeSync(address, request, 3000);
            if (response.getCode() != 0 || response.getBody() == null) {
                return -1;
            }
            KVTable table = KVTable.decode(response.getBody(), KVTable.class);
            return Long.parseLong(table.getTable().getOrDefault("commitLogMaxOffset", "-1"));
        } catch (Exception e) {
            return -1;
        }
    }

    long masterOffset() {
        return maxOffset(master);
    }

    long slaveOffset() {
        return maxOffset(slave);
    }

    /**
     * Samples both ends every {@code everyMillis} until {@code running} turns false; reports {@code
     * prefix.bytes_p50/p99/max} and {@code prefix.ms_p50/p99/max}.
     */
    void sampleLag(Results results, String prefix, long everyMillis, BooleanSupplier on)
            throws InterruptedException {
        Histogram bytes = new Histogram(3);
        Histogram millis = new Histogram(3);
        Histogram estimated = new Histogram(3);
        ArrayDeque<long[]> history = new ArrayDeque<>();
        long[] first = null;
        while (on.getAsBoolean()) {
            long m = masterOffset();
            long s = slaveOffset();
            long now = System.nanoTime();
            if (m >= 0 && s >= 0) {
                first = first == null ? new long[] {now, m} : first;
                history.addLast(new long[] {now, m});
                bytes.recordValue(Math.max(0, m - s));
                millis.recordValue(behindMillis(history, s, now));
                // Bytes behind at the phase's mean write rate: finer than the sampling interval.
                long wrote = m - first[1];
                long micros = TimeUnit.NANOSECONDS.toMicros(now - first[0]);
                estimated.recordValue(wrote <= 0 ? 0 : Math.max(0, m - s) * micros / wrote);
            }
            TimeUnit.MILLISECONDS.sleep(everyMillis);
        }
        results.put(prefix + ".samples", bytes.getTotalCount());
        results.put(prefix + ".bytes_p50", bytes.getValueAtPercentile(50));
        results.put(prefix + ".bytes_p99", bytes.getValueAtPercentile(99));
        results.put(prefix + ".bytes_max", bytes.getMaxValue());
        results.put(prefix + ".ms_p50", millis.getValueAtPercentile(50));
        results.put(prefix + ".ms_p99", millis.getValueAtPercentile(99));
        results.put(prefix + ".ms_max", millis.getMaxValue());
        results.put(prefix + ".est_us_p50", estimated.getValueAtPercentile(50));
        results.put(prefix + ".est_us_p99", estimated.getValueAtPercentile(99));
    }

    /**
     * How long ago the master's end passed the slave's end {@code s}: the age of the oldest sample
     * still ahead of the slave (0 when none is). Samples the slave has passed are dropped for good,
     * since its end only grows. Resolution: the sampling interval.
     */
    private static long behindMillis(ArrayDeque<long[]> history, long s, long now) {
        while (!history.isEmpty() && history.peekFirst()[1] <= s) {
            history.pollFirst();
        }
        return history.isEmpty() ? 0 : TimeUnit.NANOSECONDS.toMillis(now - history.peekFirst()[0]);
    }

    /**
     * Waits (at most {@code seconds}) for the slave to answer and then to hold the idle master's
     * whole log. Started before the slave, so the clock starts at the last sample before its end
     * first moves (or, should it have moved before it first answered, at that answer): reports
     * {@code catchup.bytes} (from that end to the master's), {@code catchup.ms} and {@code
     * catchup.mb_s}; {@code catchup.start_offset} is where it started and {@code from} where it
     * stopped.
     */
    void catchUp(Results results, long from, int seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        long target = masterOffset();
        while (target < 0 && System.nanoTime() < deadline) {
            TimeUnit.MILLISECONDS.sleep(10);
            target = masterOffset();
        }
        long base = -1;
        long baseSeen = 0;
        long started = 0;
        long s = -1;
        while (System.nanoTime() < deadline && s < target) {
            s = slaveOffset();
            long now = System.nanoTime();
            if (s >= 0 && base < 0) {
                base = s;
                baseSeen = now;
                started = s > from ? now : 0;
            } else if (s == base) {
                baseSeen = now;
            } else if (s > base && started == 0) {
                started = baseSeen;
            }
            TimeUnit.MILLISECONDS.sleep(10);
        }
        long elapsed = started == 0 ? 0 : System.nanoTime() - started;
        results.put("catchup.from", from);
        results.put("catchup.start_offset", base);
        results.put("catchup.bytes", target - base);
        results.put("catchup.reached", s);
        results.put("catchup.ms", TimeUnit.NANOSECONDS.toMillis(elapsed));
        results.put(
                "catchup.mb_s",
                elapsed == 0 || s < target ? "-" : Long.toString((target - base) * 1000 / elapsed));
    }

    @Override
    public void close() {
        client.shutdown();
    }
}
