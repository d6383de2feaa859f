package io.bolide.broker.pull;

import io.bolide.broker.cold.ColdReads;
import io.bolide.broker.stats.BrokerStats;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.header.PullMessageResponseHeader;
import io.bolide.store.GetResult;
import io.bolide.store.GetStatus;
import io.bolide.store.MessageStore;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import java.util.List;

/**
 * Reads a pull from the store and answers it, or hands it to the hold when nothing is there yet and
 * the consumer allows waiting. Records go out as the store's slices of the mapped commit log,
 * gathered in a composite buffer: no copy on the heap.
 */
final class Puller {
    /**
     * While the broker shuts down, "nothing new" is an error, not PULL_NOT_FOUND: a push consumer
     * re-pulls at once after PULL_NOT_FOUND, so its next pull would be in flight when the
     * connection closes. The official client fails such a pull only if it notices the close before
     * it reconnects; when another thread reconnects first, the pull waits for its 30 s timeout and
     * the queue stalls. After an error the client waits pullTimeDelayMillsWhenException first.
     */
    static final String SHUTTING_DOWN = "the broker is shutting down; pull again later";

    private final MessageStore store;
    private final PullHoldAgent hold;
    private final ReadFromSlaveRule rule;
    private final BrokerStats stats;
    private final ColdReads cold;

    Puller(
            MessageStore store,
            PullHoldAgent hold,
            ReadFromSlaveRule rule,
            BrokerStats stats,
            ColdReads cold) {
        this.store = store;
        this.hold = hold;
        this.rule = rule;
        this.stats = stats;
        this.cold = cold;
    }

    /** Serves {@code pull}; with {@code mayHold}, "nothing new yet" waits for an arrival. */
    void pull(PullRequest pull, boolean mayHold) {
        GetResult result =
                store.getMessages(
                        pull.topic,
                        pull.queueId,
                        pull.offset,
                        pull.maxCount,
                        pull.maxBytes,
                        pull.filter,
                        pull.recordFilter);
        GetStatus status = statusOf(result);
        if (status == GetStatus.FOUND) {
            found(pull, result);
            return;
        }
        result.release();
        if (status == GetStatus.NO_MATCHED_MESSAGE) {
            // The filter skipped these: none is in flight, the group's pulls have passed them.
            stats.pulls().pulled(pull.group, pull.topic, pull.queueId, result.nextBeginOffset());
        }
        nothing(pull, status, result, mayHold);
    }

    /** Answers (or holds) a pull that found no record. */
    private void nothing(PullRequest pull, GetStatus status, GetResult result, boolean mayHold) {
        int code = code(status, pull.offset);
        long suggest = rule.suggest(false, pull.groupBrokerId, pull.slowBrokerId);
        long next = nextOffset(status, pull.offset, result);
        if (rule.onSlave() && movesOffset(status)) {
            // A slave never moves a consumer's offset (the reference's store corrects offsets only
            // on a master): an offset out of range is sent on to the group's broker at once.
            next = pull.offset;
            if (code == ResponseCode.PULL_OFFSET_MOVED) {
                code = ResponseCode.PULL_RETRY_IMMEDIATELY;
                suggest = pull.groupBrokerId;
            }
        }
        if (code == ResponseCode.PULL_NOT_FOUND) {
            if (mayHold && hold.hold(pull)) {
                return;
            }
            if (hold.closing()) {
                pull.exchange.respond(ResponseCode.SERVICE_NOT_AVAILABLE, SHUTTING_DOWN);
                return;
            }
        }
        answer(pull, code, status, result, next, null, suggest);
    }

    private void found(PullRequest pull, GetResult result) {
        stats.got(pull.group, pull.topic, result.messages().size(), result.totalBytes());
        cold.read(pull.group, result.messages());
        stats.pulls().pulled(pull.group, pull.topic, pull.queueId, result.nextBeginOffset());
        long suggest = rule.suggest(rule.cold(result), pull.groupBrokerId, pull.slowBrokerId);
        answer(
                pull,
                ResponseCode.SUCCESS,
                GetStatus.FOUND,
                result,
                result.nextBeginOffset(),
                body(result),
                suggest);
    }

    /**
     * The store's status as the reference reports it: a queue the topic declares (the handler
     * checked the id) that was never written is an empty queue, which the reference's store creates
     * on first read and reports as NO_MESSAGE_IN_QUEUE.
     */
    private static GetStatus statusOf(GetResult result) {
        GetStatus status = result.status();
        return status == GetStatus.NO_MATCHED_LOGIC_QUEUE ? GetStatus.NO_MESSAGE_IN_QUEUE : status;
    }

    /** Whether a master's answer with {@code status} corrects the consumer's offset. */
    private static boolean movesOffset(GetStatus status) {
        return status == GetStatus.NO_MESSAGE_IN_QUEUE
                || status == GetStatus.OFFSET_OVERFLOW_BADLY
                || status == GetStatus.OFFSET_TOO_SMALL;
    }

    /** Whether the queue now has something at or after the pull's offset. */
    boolean hasNews(PullRequest pull) {
        return store.maxOffset(pull.topic, pull.queueId) > pull.offset;
    }

    private static int code(GetStatus status, long offset) {
        switch (status) {
            case NO_MATCHED_MESSAGE:
            case MESSAGE_WAS_REMOVING:
                return ResponseCode.PULL_RETRY_IMMEDIATELY;
            case NO_MESSAGE_IN_QUEUE:
                return offset == 0 ? ResponseCode.PULL_NOT_FOUND : ResponseCode.PULL_OFFSET_MOVED;
            case OFFSET_OVERFLOW_ONE:
                return ResponseCode.PULL_NOT_FOUND;
            default:
                return ResponseCode.PULL_OFFSET_MOVED;
        }
    }

    private static long nextOffset(GetStatus status, long offset, GetResult result) {
        switch (status) {
            case NO_MESSAGE_IN_QUEUE:
                return 0;
            case OFFSET_OVERFLOW_ONE:
                return offset;
            case OFFSET_OVERFLOW_BADLY:
                return result.maxOffset();
            case OFFSET_TOO_SMALL:
                return result.minOffset();
            default:
                return result.nextBeginOffset();
        }
    }

    private static void answer(
            PullRequest pull,
            int code,
            GetStatus status,
            GetResult result,
            long next,
            ByteBuf body,
            long suggest) {
        LogicRead logic = pull.logic;
        if (logic != null) {
            long max = result.maxOffset();
            pull.exchange.respond(
                    logic.code(code, pull.offset, max),
                    status.name(),
                    logic.header(code, pull.offset, next, result.minOffset(), max, suggest),
                    body);
            return;
        }
        PullMessageResponseHeader header =
                new PullMessageResponseHeader()
                        .suggestWhichBrokerId(suggest)
                        .nextBeginOffset(next)
                        .minOffset(result.minOffset())
                        .maxOffset(result.maxOffset());
        pull.exchange.respond(code, status.name(), header, body);
    }

    private static ByteBuf body(GetResult result) {
        List<ByteBuf> messages = result.messages();
        if (messages.size() == 1) {
            return messages.get(0);
        }
        CompositeByteBuf body =
                PooledByteBufAllocator.DEFAULT.compositeDirectBuffer(messages.size());
        for (ByteBuf message : messages) {
            body.addComponent(true, message);
        }
        return body;
    }
}
