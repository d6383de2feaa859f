package io.bolide.broker.transaction;

import io.bolide.broker.route.Destination;
import io.bolide.broker.stats.TransactionStats;
import io.bolide.protocol.message.MessageProperty;
import io.bolide.protocol.message.StoredMessageFlyweight;
import io.bolide.store.GetResult;
import io.bolide.store.MessageStore;
import io.bolide.store.PutResult;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;
import java.util.function.LongConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One pass over the half queue, from the progress mark to the end seen when the pass starts: each
 * half message without an outcome and older than the timeout is re-put with one more check counted
 * and its producer group is asked about the copy, which the next pass meets again; after the last
 * check it moves to {@link HalfMessage#CHECK_MAX_TOPIC}. Runs on one thread.
 */
final class CheckScan {
    private static final Logger LOG = LoggerFactory.getLogger(CheckScan.class);
    private static final int BATCH = 32;
    private static final byte[] PREPARED_QUEUE_OFFSET =
            TransactionRecords.PREPARED_QUEUE_OFFSET.getBytes(StandardCharsets.US_ASCII);

    private final MessageStore store;
    private volatile TransactionConfig config;
    private final TransactionRecords records;
    private final ResolvedOffsets state;
    private final CheckRequests requests;
    private final StoredMessageFlyweight half = new StoredMessageFlyweight();
    private TransactionStats stats = new TransactionStats();
    private Runnable beforeGiveUp = () -> {};

    CheckScan(
            MessageStore store,
            TransactionConfig config,
            TransactionRecords records,
            ResolvedOffsets state,
            CheckRequests requests) {
        this.store = store;
        this.config = config;
        this.records = records;
        this.state = state;
        this.requests = requests;
    }

    /** The timing of the rounds from the next on (transactionTimeOut, transactionCheckMax live). */
    void config(TransactionConfig next) {
        config = next;
    }

    /** Checks what is due at {@code now}; returns the number of checks sent. */
    int run(long now) {
        long end = store.maxOffset(HalfMessage.HALF_TOPIC, 0);
        state.skipTo(store.minOffset(HalfMessage.HALF_TOPIC, 0));
        int[] checked = {0};
        forEach(
                state.halfProgress(),
                end,
                offset -> {
                    if (!state.isSettled(offset)) {
                        checked[0] += checkOne(offset, now);
                    }
                });
        state.advance(end);
        return checked[0];
    }

    /** After a restart: learns from the re-put copies which earlier offsets they replace. */
    void replayCopies(long from) {
        forEach(
                from,
                store.maxOffset(HalfMessage.HALF_TOPIC, 0),
                offset -> {
                    String replaced = half.property(PREPARED_QUEUE_OFFSET);
                    if (replaced != null) {
                        try {
                            state.superseded(
                                    Long.parseLong(replaced), offset, half.physicalOffset());
                        } catch (NumberFormatException e) {
                            LOG.warn("half message {} has a bad {}", offset, replaced);
                        }
                    }
                });
    }

    /** Where given-up half messages are counted (set before the first pass). */
    void stats(TransactionStats stats) {
        this.stats = stats;
    }

    /**
     * What runs before a half message is moved to {@link HalfMessage#CHECK_MAX_TOPIC}: the broker
     * adds that topic to its table there, so its queue can be read and looked up by name.
     */
    void beforeGiveUp(Runnable action) {
        this.beforeGiveUp = action;
    }

    /**
     * After a restart, once the outcomes and copies are known: counts each half message still
     * waiting (by its real topic), so the half-message gauge includes those from before.
     */
    void countPending() {
        forEach(
                state.halfProgress(),
                store.maxOffset(HalfMessage.HALF_TOPIC, 0),
                offset -> {
                    String topic = Destination.realTopic(half);
                    if (!state.isSettled(offset) && topic != null) {
                        stats.halfStored(topic);
                    }
                });
    }

    /** Calls {@code visit} with {@link #half} on each half message in {@code [from, end)}. */
    private void forEach(long from, long end, LongConsumer visit) {
        long offset = from;
        while (offset < end) {
            GetResult result =
                    store.getMessages(
                            HalfMessage.HALF_TOPIC, 0, offset, BATCH, Integer.MAX_VALUE, null);
            if (result.messages().isEmpty()) {
                return;
            }
            try {
                for (ByteBuf record : result.messages()) {
                    half.wrap(record, record.readerIndex());
                    if (half.queueOffset() >= end) {
                        return;
                    }
                    visit.accept(half.queueOffset());
                }
            } finally {
                result.release();
            }
            offset = result.nextBeginOffset();
        }
    }

    private int checkOne(long offset, long now) {
        if (now - half.bornTimestamp() < timeoutOf(half)) {
            return 0;
        }
        if (state.claimLatest(offset) != offset) {
            return 0;
        }
        try {
            return checkClaimed(offset);
        } catch (RuntimeException e) {
            state.release(offset);
            LOG.warn("check of half message {} failed", offset, e);
            return 0;
        }
    }

    private int checkClaimed(long offset) {
        int times = TransactionRecords.checkTimes(half);
        String group = half.property(MessageProperty.PGROUP_BYTES);
        if (times >= config.checkMax() || group == null) {
            giveUp(offset, times); // without PGROUP nobody could ever be asked
            return 0;
        }
        if (!requests.reachable(group)) {
            // Nobody to ask: try again next round without spending one of the checks.
            state.release(offset);
            return 0;
        }
        PutResult copy = store.put(records.rechecked(half, times + 1)).join();
        if (!copy.isOk()) {
            state.release(offset);
            LOG.warn("re-put of half message {} failed: {}", offset, copy.status());
            return 0;
        }
        state.superseded(offset, copy.queueOffset(), copy.physicalOffset());
        return requests.send(group, half, times + 1, copy) ? 1 : 0;
    }

    private void giveUp(long offset, int times) {
        beforeGiveUp.run();
        PutResult moved = store.put(records.givenUp(half)).join();
        if (!moved.isOk()) {
            state.release(offset);
            LOG.warn("half message {} cannot be given up: {}", offset, moved.status());
            return;
        }
        state.discarded(offset);
        String topic = Destination.realTopic(half);
        if (topic != null) {
            stats.givenUp(topic);
        }
        LOG.info(
                "half message {} of {} given up after {} checks",
                offset,
                half.property(MessageProperty.PGROUP_BYTES),
                times);
    }

    private long timeoutOf(StoredMessageFlyweight message) {
        int seconds =
                TransactionRecords.parseInt(
                        message.property(TransactionRecords.CHECK_IMMUNITY), -1);
        return seconds >= 0 ? seconds * 1000L : config.timeoutMillis();
    }
}
