package io.bolide.broker.transaction;

import io.bolide.broker.route.Destination;
import io.bolide.broker.stats.TransactionStats;
import io.bolide.protocol.message.MessageProperty;
import io.bolide.protocol.message.StoredMessageFlyweight;
import io.bolide.store.MessageStore;
import io.bolide.store.PutResult;
import io.netty.buffer.ByteBuf;
import java.util.concurrent.CompletableFuture;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Transactional messages after the send: END_TRANSACTION outcomes and the check-back of half
 * messages left without one. Half messages wait in queue 0 of {@link HalfMessage#HALF_TOPIC}; each
 * outcome is an op record in {@link HalfMessage#OP_TOPIC} naming the half-queue offset it settles,
 * so what is pending is rebuilt from the store after a restart, from two progress marks on.
 *
 * <p>A commit writes the message to its real topic and queue, then the op record; a rollback only
 * the op record. A check re-puts the half message with one more TRANSACTION_CHECK_TIMES and asks a
 * producer of its group about the copy; an answer about the original or any copy settles the newest
 * copy, once.
 */
public final class Transactions {
    private static final Logger LOG = LoggerFactory.getLogger(Transactions.class);

    private final MessageStore store;
    private final TransactionRecords records;
    private final TransactionProgress progress;
    private final LongSupplier clock;
    private final ResolvedOffsets state = new ResolvedOffsets();
    private final CheckScan scan;
    private TransactionStats stats = new TransactionStats();

    /**
     * An engine over {@code store}; call {@link #recover()} before serving.
     *
     * @param storeAddress the broker's address as stored in records (4 or 16 bytes)
     * @param clock current time in epoch milliseconds
     */
    public Transactions(
            MessageStore store,
            TransactionConfig config,
            byte[] storeAddress,
            int storePort,
            String brokerName,
            CheckSender sender,
            TransactionProgress progress,
            LongSupplier clock) {
        this.store = store;
        this.records = new TransactionRecords(storeAddress, storePort);
        this.progress = progress;
        this.clock = clock;
        this.scan =
                new CheckScan(
                        store,
                        config,
                        records,
                        state,
                        new CheckRequests(records, storeAddress, storePort, brokerName, sender));
    }

    /**
     * Rebuilds what is pending from the stored progress marks, the op queue and the half queue, and
     * counts the half messages still waiting into {@code stats}, which then counts the outcomes
     * (the send path counts new half messages into the same).
     */
    public void recover(TransactionStats stats) {
        this.stats = stats;
        scan.stats(stats);
        long half =
                Math.max(progress.load(HalfMessage.HALF_TOPIC), minOffset(HalfMessage.HALF_TOPIC));
        long op = Math.max(progress.load(HalfMessage.OP_TOPIC), minOffset(HalfMessage.OP_TOPIC));
        state.start(half, op);
        OpRecords.replay(store, op, state);
        scan.replayCopies(half);
        state.advance(store.maxOffset(HalfMessage.HALF_TOPIC, 0));
        scan.countPending();
        LOG.info(
                "transactions recovered: half queue from {}, op queue from {}",
                state.halfProgress(),
                state.opProgress());
    }

    /** The check timing of the rounds from the next on: the keys changed live. */
    public void config(TransactionConfig next) {
        scan.config(next);
    }

    /**
     * Runs {@code action} before each half message given up after its last check is moved to {@link
     * HalfMessage#CHECK_MAX_TOPIC} (set before the first check round).
     */
    public void beforeGiveUp(Runnable action) {
        scan.beforeGiveUp(action);
    }

    /**
     * Applies an END_TRANSACTION outcome ({@link HalfMessage#COMMIT}, {@link HalfMessage#ROLLBACK},
     * anything else leaves the message for a check) to the half message at {@code commitLogOffset}
     * / half-queue offset {@code queueOffset}.
     */
    public CompletableFuture<EndOutcome> end(
            String producerGroup, long commitLogOffset, long queueOffset, int outcome) {
        if (outcome != HalfMessage.COMMIT && outcome != HalfMessage.ROLLBACK) {
            return CompletableFuture.completedFuture(EndOutcome.LEFT_FOR_CHECK);
        }
        long target = state.claimLatest(queueOffset);
        if (target < 0) {
            return CompletableFuture.completedFuture(EndOutcome.ALREADY_RESOLVED);
        }
        // An answer about a message re-put for a check settles the newest copy, which may not be
        // dispatched yet: it is read by its commit-log offset, never through the half queue.
        long physical = target == queueOffset ? commitLogOffset : state.physicalOf(target);
        ByteBuf record = physical < 0 ? null : store.getMessage(physical);
        if (record == null) {
            state.release(target);
            return CompletableFuture.completedFuture(EndOutcome.NOT_FOUND);
        }
        try {
            return settle(record, producerGroup, target, outcome);
        } catch (RuntimeException e) {
            state.release(target);
            LOG.warn("END_TRANSACTION for half-queue offset {} failed", target, e);
            return CompletableFuture.completedFuture(EndOutcome.FAILED);
        } finally {
            record.release();
        }
    }

    private CompletableFuture<EndOutcome> settle(
            ByteBuf record, String producerGroup, long target, int outcome) {
        StoredMessageFlyweight half =
                new StoredMessageFlyweight().wrap(record, record.readerIndex());
        EndOutcome refusal = refusal(half, producerGroup, target);
        if (refusal != null) {
            state.release(target);
            return CompletableFuture.completedFuture(refusal);
        }
        String topic = Destination.realTopic(half);
        long bornMillis = half.bornTimestamp();
        CompletableFuture<PutResult> delivered =
                outcome == HalfMessage.COMMIT
                        ? store.put(records.committed(half))
                        : CompletableFuture.completedFuture(null);
        return delivered
                .handle(
                        (put, failure) -> {
                            if (failure != null || (put != null && !put.isOk())) {
                                state.release(target);
                                return null;
                            }
                            return store.put(records.op(target, clock.getAsLong()));
                        })
                .thenCompose(op -> op == null ? CompletableFuture.completedFuture(null) : op)
                .handle((op, failure) -> recorded(target, outcome, op, failure))
                .whenComplete((settled, failure) -> count(settled, topic, bornMillis));
    }

    /** Counts a settled outcome (not a failed one, whose half message still waits). */
    private void count(EndOutcome settled, String topic, long bornMillis) {
        if (topic == null) {
            return;
        }
        if (settled == EndOutcome.COMMITTED) {
            stats.committed(topic, (clock.getAsLong() - bornMillis) / 1000);
        } else if (settled == EndOutcome.ROLLED_BACK) {
            stats.rolledBack(topic);
        }
    }

    private EndOutcome recorded(long target, int outcome, PutResult op, Throwable failure) {
        if (op == null && failure == null) {
            return EndOutcome.FAILED; // the delivery failed; the claim is already released
        }
        if (failure != null || !op.isOk()) {
            // Delivered but not recorded: settled for this process, a restart may check it again.
            LOG.warn("op record for half-queue offset {} failed: {}", target, failure);
            state.discarded(target);
        } else {
            state.resolved(target, op.queueOffset());
        }
        return outcome == HalfMessage.COMMIT ? EndOutcome.COMMITTED : EndOutcome.ROLLED_BACK;
    }

    private static EndOutcome refusal(StoredMessageFlyweight half, String group, long target) {
        if (!HalfMessage.HALF_TOPIC.equals(half.topic()) || half.queueOffset() != target) {
            return EndOutcome.NOT_FOUND;
        }
        String owner = half.property(MessageProperty.PGROUP_BYTES);
        return owner != null && owner.equals(group) ? null : EndOutcome.WRONG_GROUP;
    }

    /**
     * Puts the message stored at {@code commitLogOffset} (typically one given up after its last
     * check, in {@link HalfMessage#CHECK_MAX_TOPIC}) back at the end of the half queue with its
     * check count reset, so the next rounds check it again. Completes with false when no message
     * with a real destination is stored there or the put fails.
     */
    public CompletableFuture<Boolean> resume(long commitLogOffset) {
        ByteBuf record = commitLogOffset < 0 ? null : store.getMessage(commitLogOffset);
        if (record == null) {
            return CompletableFuture.completedFuture(false);
        }
        try {
            StoredMessageFlyweight half =
                    new StoredMessageFlyweight().wrap(record, record.readerIndex());
            String topic = Destination.realTopic(half);
            if (topic == null) {
                LOG.warn("no half message to resume at commit-log offset {}", commitLogOffset);
                return CompletableFuture.completedFuture(false);
            }
            return store.put(records.resumed(half))
                    .thenApply(
                            put -> {
                                if (put.isOk()) {
                                    stats.halfStored(topic);
                                    LOG.info("half message of {} put back into checking", topic);
                                }
                                return put.isOk();
                            });
        } finally {
            record.release();
        }
    }

    /**
     * One check round: every half message past its timeout and without an outcome is checked (or
     * given up after its last check); then the progress marks move and are saved.
     *
     * @return the number of checks sent
     */
    public int check() {
        int checked = scan.run(clock.getAsLong());
        progress.save(HalfMessage.HALF_TOPIC, state.halfProgress());
        progress.save(HalfMessage.OP_TOPIC, state.opProgress());
        return checked;
    }

    private long minOffset(String topic) {
        return store.minOffset(topic, 0);
    }
}
