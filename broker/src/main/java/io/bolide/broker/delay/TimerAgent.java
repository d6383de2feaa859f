package io.bolide.broker.delay;

import io.bolide.broker.route.Destination;
import io.bolide.broker.stats.TimerStats;
import io.bolide.protocol.body.DataVersion;
import io.bolide.protocol.body.TimerCheckpoint;
import io.bolide.protocol.message.MessageProperty;
import io.bolide.protocol.message.StoredMessageFlyweight;
import io.bolide.store.GetResult;
import io.bolide.store.GetStatus;
import io.bolide.store.MessageStore;
import io.netty.buffer.ByteBuf;
import java.io.IOException;
import java.util.Map;
import java.util.function.LongSupplier;
import org.agrona.concurrent.Agent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Delivers timer messages. The messages themselves wait in {@link DelayTopics#TIMER_TOPIC} queue 0
 * (so they survive a restart with the commit log); this agent follows that queue, files each entry
 * in a {@link TimerWheel} by its {@code TIMER_OUT_MS}, and re-puts the messages of each slot that
 * comes due.
 *
 * <p>State in {@code timerCheckpoint.json}: {@code ingested} (queue offsets below it were filed),
 * {@code cursor} (every filed message of that slot or earlier was delivered) and {@code scanFrom}
 * (no pending message below it). It is written only between ticks, so it is always consistent. On
 * start the queue is re-read from {@code scanFrom}; an entry below {@code ingested} whose slot is
 * at or before {@code cursor} was delivered and is skipped, every other one is filed again (overdue
 * ones go out at once): nothing is lost, and only deliveries after the last write can repeat.
 *
 * <p>Each write is also published as the reference's {@link TimerCheckpoint}, which a slave copies
 * (GET_TIMER_CHECK_POINT) and {@link #adopt adopts} as its own state.
 */
final class TimerAgent implements Agent {
    private static final Logger LOG = LoggerFactory.getLogger(TimerAgent.class);
    private static final byte[] TIMER_OUT_MS = MessageProperty.bytes(DelayTopics.TIMER_OUT_MS);
    private static final byte[] TIMER_DEL_UNIQKEY =
            MessageProperty.bytes(DelayTopics.TIMER_DEL_UNIQKEY);
    private static final int INGEST_BATCH = 32;
    private static final int MAX_INGEST_PER_TICK = 1024;

    private final MessageStore store;
    private final Redelivery redelivery;
    private final StateFile file;
    private final long flushIntervalMs;
    private final LongSupplier clock;
    private final long precisionMs;
    private final TimerWheel wheel;
    private final Recalls recalls = new Recalls();
    private final StoredMessageFlyweight view = new StoredMessageFlyweight();
    private final TimerStats stats;
    private final long skipBelow;
    private final long skipUpToSlot;
    private long ingested;
    private long lastFlushMs;
    private long failures;
    private boolean dirty;
    private long versions;
    private volatile TimerCheckpoint published;

    TimerAgent(
            MessageStore store,
            DelayConfig config,
            StateFile file,
            LongSupplier clock,
            TimerStats stats)
            throws IOException {
        this.store = store;
        this.stats = stats;
        this.redelivery = new Redelivery(store);
        this.file = file;
        this.flushIntervalMs = config.flushIntervalMs();
        this.clock = clock;
        this.precisionMs = config.timerPrecisionMs();
        Map<String, Long> state = file.read();
        long now = clock.getAsLong();
        long cursor = state.getOrDefault("cursor", Math.floorDiv(now, precisionMs));
        this.wheel = new TimerWheel(precisionMs, cursor);
        this.skipBelow = state.getOrDefault("ingested", 0L);
        this.skipUpToSlot = cursor;
        this.ingested = Math.max(0, state.getOrDefault("scanFrom", 0L));
        this.lastFlushMs = now;
        publish(cursor, skipBelow, now);
    }

    @Override
    public int doWork() throws IOException {
        int work = ingest();
        long now = clock.getAsLong();
        work += wheel.advance(now, this::deliver);
        recalls.expire(wheel.cursor() * precisionMs - precisionMs);
        dirty |= work > 0;
        if (dirty && now - lastFlushMs >= flushIntervalMs) {
            persist();
        }
        stats.progress(ingested, wheel.cursor() * precisionMs, wheel.overdue());
        return work;
    }

    /** Files new entries of the timer queue in the wheel; returns how many were read. */
    int ingest() {
        int read = 0;
        while (read < MAX_INGEST_PER_TICK) {
            GetResult result =
                    store.getMessages(
                            DelayTopics.TIMER_TOPIC,
                            0,
                            ingested,
                            INGEST_BATCH,
                            Integer.MAX_VALUE,
                            null);
            try {
                if (!consume(result)) {
                    return read;
                }
                read += Math.max(1, result.messages().size());
            } finally {
                result.release();
            }
        }
        return read;
    }

    private boolean consume(GetResult result) {
        GetStatus status = result.status();
        if (status == GetStatus.OFFSET_TOO_SMALL || status == GetStatus.MESSAGE_WAS_REMOVING) {
            ingested = Math.max(ingested, result.nextBeginOffset());
            return true;
        }
        if (status != GetStatus.FOUND) {
            return false;
        }
        for (ByteBuf record : result.messages()) {
            view.wrap(record, record.readerIndex());
            String recalled = view.property(TIMER_DEL_UNIQKEY);
            if (recalled != null) {
                // A recall (RECALL_MESSAGE): filed as a cancellation, never delivered itself.
                recalls.add(recalled, dueOf(view.property(TIMER_OUT_MS)));
                continue;
            }
            if (file(view.queueOffset(), view.physicalOffset(), view.property(TIMER_OUT_MS))) {
                enqueued(view);
            }
        }
        ingested = result.nextBeginOffset();
        return true;
    }

    /** Counts a filed message by its real topic (the timer thread allocates its name anyway). */
    private void enqueued(StoredMessageFlyweight message) {
        String topic = Destination.realTopic(message);
        if (topic != null) {
            stats.enqueued(topic);
        }
    }

    private static long dueOf(String outMs) {
        try {
            return outMs == null ? Long.MIN_VALUE : Long.parseLong(outMs);
        } catch (NumberFormatException e) {
            return Long.MIN_VALUE;
        }
    }

    /** Files a message in the wheel; false when it is skipped. */
    private boolean file(long queueOffset, long phys, String outMs) {
        long due = dueOf(outMs);
        if (due == Long.MIN_VALUE) {
            LOG.warn("timer message at queue offset {} has no TIMER_OUT_MS; skipped", queueOffset);
            return false;
        }
        if (queueOffset < skipBelow && wheel.slotOf(due) <= skipUpToSlot) {
            return false; // delivered before the last checkpoint
        }
        wheel.add(due, phys, queueOffset);
        return true;
    }

    private boolean deliver(long phys, long queueOffset) {
        ByteBuf stored = store.getMessage(phys);
        if (stored == null) {
            LOG.warn("timer message at queue offset {} is no longer stored; skipped", queueOffset);
            return true;
        }
        try {
            if (!recalls.isEmpty()) {
                view.wrap(stored, stored.readerIndex());
                if (recalls.take(view.property(MessageProperty.UNIQ_KEY_BYTES))) {
                    return true; // recalled before it was due
                }
            }
            boolean ok = redelivery.deliver(stored);
            if (!ok && failures++ % 1000 == 0) {
                LOG.warn("timer message not re-put ({} failures so far); will retry", failures);
            }
            if (ok) {
                view.wrap(stored, stored.readerIndex());
                String topic = Destination.realTopic(view);
                if (topic != null) {
                    stats.dequeued(topic);
                }
            }
            return ok;
        } finally {
            stored.release();
        }
    }

    /** Messages filed and not yet delivered. */
    int pending() {
        return wheel.pending();
    }

    /** Writes the state, unless a refused delivery left overdue messages (the cursor would lie). */
    void persist() throws IOException {
        if (wheel.overdue() > 0) {
            return;
        }
        file.write(
                "{\"scanFrom\":"
                        + wheel.lowestPending(ingested)
                        + ",\"ingested\":"
                        + ingested
                        + ",\"cursor\":"
                        + wheel.cursor()
                        + "}");
        dirty = false;
        lastFlushMs = clock.getAsLong();
        publish(wheel.cursor(), ingested, lastFlushMs);
    }

    /**
     * Publishes the written state in the reference's terms: slots up to {@code cursor} fired means
     * every message due before {@code cursor * precision} was delivered.
     */
    private void publish(long cursor, long filed, long now) {
        published =
                new TimerCheckpoint(
                        cursor * precisionMs, 0, filed, filed, new DataVersion(0, now, ++versions));
    }

    /** The progress as last written (any thread). */
    TimerCheckpoint checkpoint() {
        return published;
    }

    /**
     * Takes a master's checkpoint as this broker's state (a slave's: it never runs this agent) and
     * writes it, so a slave restarted as a master resumes delivery where its master was. The cursor
     * stays one slot short of the master's read time and the queue is re-read from its start: a
     * message may be delivered twice after a promotion, none is skipped undelivered.
     */
    void adopt(TimerCheckpoint master) throws IOException {
        long cursor = Math.floorDiv(master.lastReadTimeMs() - 1, precisionMs);
        long filed = Math.max(0, master.masterTimerQueueOffset());
        file.write("{\"scanFrom\":0,\"ingested\":" + filed + ",\"cursor\":" + cursor + "}");
        published = master;
    }

    @Override
    public void onClose() {
        try {
            persist();
        } catch (IOException e) {
            LOG.warn("cannot persist timer state to {}", file.path(), e);
        }
    }

    @Override
    public String roleName() {
        return "bolide-delay-timer";
    }
}
