package io.bolide.broker.cold;

import io.bolide.broker.config.BrokerConfig;
import io.bolide.broker.config.BrokerConfigKeys;
import io.bolide.broker.config.ColdReadKeys;
import io.bolide.protocol.message.MessageDescriptor;
import io.bolide.remoting.config.Key;
import io.bolide.store.MessageStore;
import io.bolide.store.QueueEntry;
import io.netty.buffer.ByteBuf;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Each consumer group's cold reads, counted in bytes per window, and whether a pull of the group is
 * to be slowed down. A record is cold when it lies more than {@code accessMessageInMemoryHotRatio}%
 * of the machine's memory behind the commit log's end: that far back it has likely left the page
 * cache, and reading it costs the disk. A pull is throttled when flow control is on, the group is
 * not one of the reference's system groups, the record at the pull's offset is cold, and the
 * group's cold bytes in the current window reached its threshold (its own, set with
 * UPDATE_COLD_DATA_FLOW_CTR_CONFIG, else {@code cgColdReadThreshold}) or all groups' together
 * reached {@code globalColdReadThreshold}. The window restarts every {@link #WINDOW_MS}; a group
 * that read nothing cold for {@link #IDLE_MS} leaves the table, as in the reference.
 */
public final class ColdReads {
    /** How long cold bytes add up before the counters restart (the reference's period). */
    public static final long WINDOW_MS = 5_000;

    /** A group with no cold read for this long is dropped from the runtime table. */
    public static final long IDLE_MS = 60_000;

    /** The remark of a push consumer's throttled pull (the reference's words). */
    public static final String THROTTLED =
            "This consumer group is reading cold data. It has been flow control";

    /** The reference's system consumer groups, never throttled nor counted. */
    private static final Set<String> SYSTEM_GROUPS =
            Set.of(
                    "DEFAULT_CONSUMER",
                    "TOOLS_CONSUMER",
                    "SCHEDULE_CONSUMER",
                    "FILTERSRV_CONSUMER",
                    "__MONITOR_CONSUMER",
                    "SELF_TEST_C_GROUP",
                    "CID_ONS-HTTP-PROXY",
                    "CID_ONSAPI_PERMISSION",
                    "CID_ONSAPI_OWNER",
                    "CID_ONSAPI_PULL",
                    "CID_RMQ_SYS_TRANS");

    private static final String SYSTEM_PREFIX = "CID_RMQ_SYS_";

    private final Supplier<BrokerConfig> settings;
    private final MessageStore store;
    private final long memoryBytes;
    private final LongSupplier clock;
    private final ConcurrentHashMap<String, GroupReads> runtime = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, Long> thresholds = new ConcurrentHashMap<>();
    private final AtomicLong global = new AtomicLong();
    private volatile long windowStart;

    /**
     * @param settings the broker's current settings (the keys are live)
     * @param memoryBytes the machine's memory, which the hot ratio is a percentage of
     * @param clock wall-clock milliseconds
     */
    public ColdReads(
            Supplier<BrokerConfig> settings,
            MessageStore store,
            long memoryBytes,
            LongSupplier clock) {
        this.settings = settings;
        this.store = store;
        this.memoryBytes = memoryBytes;
        this.clock = clock;
        this.windowStart = clock.getAsLong();
    }

    /** Whether a pull of {@code group} from {@code offset} of the queue is to be slowed down. */
    public boolean throttles(String group, String topic, int queueId, long offset) {
        if (!counting(group)) {
            return false;
        }
        long now = roll();
        GroupReads reads = runtime.get(group);
        if (reads == null || !overThreshold(group, reads)) {
            return false;
        }
        List<QueueEntry> entries = store.queueEntries(topic, queueId, offset, 1);
        return !entries.isEmpty() && cold(entries.get(0).physicalOffset(), now);
    }

    /** Counts the cold ones among the records a pull of {@code group} read. */
    public void read(String group, List<ByteBuf> records) {
        if (records.isEmpty() || !counting(group)) {
            return;
        }
        long now = roll();
        long bytes = 0;
        for (ByteBuf record : records) {
            long physical =
                    record.getLong(record.readerIndex() + MessageDescriptor.PHYSICAL_OFFSET_OFFSET);
            if (cold(physical, now)) {
                bytes += record.readableBytes();
            }
        }
        if (bytes > 0) {
            global.addAndGet(bytes);
            runtime.computeIfAbsent(group, g -> new GroupReads(now)).add(bytes, now);
        }
    }

    /** Sets {@code group}'s own threshold in cold bytes per window. */
    public void configure(String group, long threshold) {
        thresholds.put(group, threshold);
    }

    /** Removes {@code group}'s own threshold: {@code cgColdReadThreshold} applies again. */
    public void remove(String group) {
        thresholds.remove(group);
    }

    /**
     * The GET_COLD_DATA_FLOW_CTR_INFO body, shaped as the reference's: runtimeTable (group → its
     * cold bytes in this window and when it first and last read cold data), configTable (group →
     * its own threshold), cgColdReadThreshold, globalColdReadThreshold and globalAcc.
     */
    public Map<String, Object> info() {
        roll();
        ColdReadKeys keys = BrokerConfigKeys.COLD_READ;
        Map<String, Object> runtimeTable = new TreeMap<>();
        runtime.forEach((group, reads) -> runtimeTable.put(group, reads.view()));
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("runtimeTable", runtimeTable);
        body.put("configTable", new TreeMap<>(thresholds));
        body.put("cgColdReadThreshold", value(keys.groupThreshold));
        body.put("globalColdReadThreshold", value(keys.globalThreshold));
        body.put("globalAcc", global.get());
        return body;
    }

    private boolean counting(String group) {
        return group != null
                && value(BrokerConfigKeys.COLD_READ.enable)
                && !SYSTEM_GROUPS.contains(group)
                && !group.startsWith(SYSTEM_PREFIX);
    }

    private boolean overThreshold(String group, GroupReads reads) {
        Long own = thresholds.get(group);
        long threshold = own != null ? own : value(BrokerConfigKeys.COLD_READ.groupThreshold);
        return reads.bytes() >= threshold
                || global.get() >= value(BrokerConfigKeys.COLD_READ.globalThreshold);
    }

    private boolean cold(long physicalOffset, long now) {
        int ratio = value(BrokerConfigKeys.COLD_READ.hotRatio);
        long hot = (long) (memoryBytes * (ratio / 100.0));
        return store.maxPhysicalOffset() - physicalOffset > hot;
    }

    /** Restarts the window when it is over; returns the time now. */
    private long roll() {
        long now = clock.getAsLong();
        if (now - windowStart < WINDOW_MS) {
            return now;
        }
        synchronized (this) {
            if (now - windowStart >= WINDOW_MS) {
                runtime.values().removeIf(reads -> now - reads.lastMillis() > IDLE_MS);
                runtime.values().forEach(GroupReads::restart);
                global.set(0);
                windowStart = now;
            }
        }
        return now;
    }

    private <T> T value(Key<T> key) {
        return settings.get().values().get(key);
    }
}
