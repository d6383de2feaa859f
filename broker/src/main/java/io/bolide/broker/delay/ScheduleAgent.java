package io.bolide.broker.delay;

import io.bolide.store.GetResult;
import io.bolide.store.GetStatus;
import io.bolide.store.MessageStore;
import io.bolide.store.PutResult;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.LongSupplier;
import org.agrona.concurrent.Agent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Delivers level-delayed messages: for each level, reads the head of its {@link
 * DelayTopics#SCHEDULE_TOPIC} queue (whose tags code is the due time, so the queue is in due
 * order), re-puts every due message to its real topic and advances the level's progress offset only
 * after the put succeeded. Progress is written to {@code delayOffset.json} in the reference's shape
 * ({@code {"offsetTable":{"1":5,...}}}) periodically and at close; after a crash at most the
 * deliveries since the last write are repeated (at-least-once).
 */
final class ScheduleAgent implements Agent {
    private static final Logger LOG = LoggerFactory.getLogger(ScheduleAgent.class);
    private static final int MAX_PER_LEVEL = 64;

    private final MessageStore store;
    private final DelayLevels levels;
    private final Redelivery redelivery;
    private final StateFile file;
    private final long flushIntervalMs;
    private final LongSupplier clock;
    private final long[] offsets;
    private final List<CompletableFuture<PutResult>> puts = new ArrayList<>(MAX_PER_LEVEL);
    private long lastFlushMs;
    private long failures;
    private boolean dirty;

    ScheduleAgent(MessageStore store, DelayConfig config, StateFile file, LongSupplier clock)
            throws IOException {
        this.store = store;
        this.levels = config.levels();
        this.redelivery = new Redelivery(store);
        this.file = file;
        this.flushIntervalMs = config.flushIntervalMs();
        this.clock = clock;
        this.offsets = new long[levels.maxLevel() + 1];
        load(file.read());
        lastFlushMs = clock.getAsLong();
    }

    private void load(Map<String, Long> saved) {
        for (Map.Entry<String, Long> e : saved.entrySet()) {
            int level = levelOf(e.getKey());
            if (level > 0) {
                offsets[level] = Math.max(0, e.getValue());
            }
        }
    }

    /**
     * A slave's copy of its master's progress (the reference's {@code delayOffset.json} text):
     * written to our file and applied. Only while this agent does not run.
     */
    void adopt(String masterJson) throws IOException {
        file.write(masterJson);
        load(StateFile.numbers(masterJson));
    }

    private int levelOf(String name) {
        try {
            int level = Integer.parseInt(name);
            return level >= 1 && level <= levels.maxLevel() ? level : 0;
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    @Override
    public int doWork() throws IOException {
        long now = clock.getAsLong();
        int work = 0;
        for (int level = 1; level <= levels.maxLevel(); level++) {
            work += deliverDue(level, now);
        }
        if (dirty && now - lastFlushMs >= flushIntervalMs) {
            persist();
        }
        return work;
    }

    /**
     * Delivers the due head entries of one level; returns how many. The puts of one pass are issued
     * back to back and awaited together (under SYNC_FLUSH they share group flushes); the progress
     * offset then moves past the leading run of successful ones.
     */
    int deliverDue(int level, long now) {
        int queueId = level - 1;
        long offset = offsets[level];
        puts.clear();
        while (puts.size() < MAX_PER_LEVEL) {
            long next = offset + puts.size();
            long due = store.tagsCode(DelayTopics.SCHEDULE_TOPIC, queueId, next);
            if (due == Long.MIN_VALUE) {
                if (puts.isEmpty()) {
                    skipRemoved(level, queueId);
                }
                break;
            }
            if (due > now || !putAt(queueId, next)) {
                break;
            }
        }
        int delivered = 0;
        while (delivered < puts.size() && Redelivery.succeeded(puts.get(delivered))) {
            delivered++;
        }
        for (int i = delivered + 1; i < puts.size(); i++) {
            Redelivery.succeeded(puts.get(i)); // completes before the next pass re-puts them
        }
        if (delivered < puts.size() && failures++ % 1000 == 0) {
            LOG.warn("delayed message not re-put ({} failures so far); will retry", failures);
        }
        offsets[level] = offset + delivered;
        dirty |= delivered > 0;
        return delivered;
    }

    private void skipRemoved(int level, int queueId) {
        long min = store.minOffset(DelayTopics.SCHEDULE_TOPIC, queueId);
        if (offsets[level] < min) {
            offsets[level] = min;
            dirty = true;
        }
    }

    /** Adds the put of one entry to {@link #puts}; false when the entry cannot be read now. */
    private boolean putAt(int queueId, long offset) {
        GetResult result =
                store.getMessages(
                        DelayTopics.SCHEDULE_TOPIC, queueId, offset, 1, Integer.MAX_VALUE, null);
        try {
            if (result.status() == GetStatus.FOUND) {
                puts.add(redelivery.put(result.messages().get(0)));
                return true;
            }
            if (result.status() == GetStatus.MESSAGE_WAS_REMOVING) {
                puts.add(null); // gone with retention: nothing to deliver
                return true;
            }
            return false;
        } finally {
            result.release();
        }
    }

    /** The progress offset of {@code level}: entries below it have been delivered. */
    long offset(int level) {
        return offsets[level];
    }

    /** The progress as {@code delayOffset.json} holds it (read racily while delivering). */
    String json() {
        StringBuilder json = new StringBuilder(32 + 24 * offsets.length);
        json.append("{\"offsetTable\":{");
        for (int level = 1; level < offsets.length; level++) {
            json.append(level == 1 ? "" : ",").append('"').append(level).append("\":");
            json.append(offsets[level]);
        }
        return json.append("}}").toString();
    }

    void persist() throws IOException {
        file.write(json());
        dirty = false;
        lastFlushMs = clock.getAsLong();
    }

    @Override
    public void onClose() {
        try {
            persist();
        } catch (IOException e) {
            LOG.warn("cannot persist delay progress to {}", file.path(), e);
        }
    }

    @Override
    public String roleName() {
        return "bolide-delay-levels";
    }
}
