package io.bolide.broker.delay;

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
 */
final class TimerAgent implements Agent {
    private static final Logger LOG = LoggerFactory.getLogger(TimerAgent.class);
    private static final byte[] TIMER_OUT_MS = MessageProperty.bytes(DelayTopics.TIMER_OUT_MS);
    private static final int INGEST_BATCH = 32;
    private static final int MAX_INGEST_PER_TICK = 1024;

    private final MessageStore store;
    private final Redelivery redelivery;
    private final StateFile file;
    private final long flushIntervalMs;
    private final LongSupplier clock;
    private final TimerWheel wheel;
    private final StoredMessageFlyweight view = new StoredMessageFlyweight();
    private final long skipBelow;
    private final long skipUpToSlot;
    private long ingested;
    private long lastFlushMs;
    private long failures;
    private boolean dirty;

    TimerAgent(MessageStore store, DelayConfig config, StateFile file, LongSupplier clock)
            throws IOException {
        this.store = store;
        this.redelivery = new Redelivery(store);
        this.file = file;
        this.flushIntervalMs = config.flushIntervalMs();
        this.clock = clock;
        Map<String, Long> state = file.read();
        long now = clock.getAsLong();
        long cursor = state.getOrDefault("cursor", Math.floorDiv(now, config.timerPrecisionMs()));
        this.wheel = new TimerWheel(config.timerPrecisionMs(), cursor);
        this.skipBelow = state.getOrDefault("ingested", 0L);
        this.skipUpToSlot = cursor;
        this.ingested = Math.max(0, state.getOrDefault("scanFrom", 0L));
        this.lastFlushMs = now;
    }

    @Override
    public int doWork() throws IOException {
        int work = ingest();
        long now = clock.getAsLong();
        work += wheel.advance(now, this::deliver);
        dirty |= work > 0;
        if (dirty && now - lastFlushMs >= flushIntervalMs) {
            persist();
        }
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
            file(view.queueOffset(), view.physicalOffset(), view.property(TIMER_OUT_MS));
        }
        ingested = result.nextBeginOffset();
        return true;
    }

    private void file(long queueOffset, long phys, String outMs) {
        long due;
        try {
            due = outMs == null ? Long.MIN_VALUE : Long.parseLong(outMs);
        } catch (NumberFormatException e) {
            due = Long.MIN_VALUE;
        }
        if (due == Long.MIN_VALUE) {
            LOG.warn("timer message at queue offset {} has no TIMER_OUT_MS; skipped", queueOffset);
            return;
        }
        if (queueOffset < skipBelow && wheel.slotOf(due) <= skipUpToSlot) {
            return; // delivered before the last checkpoint
        }
        wheel.add(due, phys, queueOffset);
    }

    private boolean deliver(long phys, long queueOffset) {
        ByteBuf stored = store.getMessage(phys);
        if (stored == null) {
            LOG.warn("timer message at queue offset {} is no longer stored; skipped", queueOffset);
            return true;
        }
        try {
            boolean ok = redelivery.deliver(stored);
            if (!ok && failures++ % 1000 == 0) {
                LOG.warn("timer message not re-put ({} failures so far); will retry", failures);
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
