package io.bolide.broker.table;

import io.bolide.protocol.body.LogicQueueMappingItem;
import io.bolide.protocol.body.TopicQueueMappingDetail;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.remoting.Exchange;
import io.bolide.store.PutResult;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Where a request naming a queue of a static topic (#38) lands on this broker: clients of a static
 * topic name logic queue ids, which this broker serves on the physical queue of the logic queue's
 * newest stretch (the leader) when it leads it. A logic offset maps into the stretch that holds it
 * ({@link #stretchFor}); older stretches may live on other brokers, whose reads the caller
 * forwards. A logic queue led by another broker is refused with the reason, never served at wrong
 * offsets.
 *
 * @param physicalId the queue to serve, or the requested id for an ordinary topic
 * @param logicId the logic queue id to answer with, or -1 for an ordinary topic
 * @param refusal why the request cannot be served here, or null
 * @param broker this broker's name (null for an ordinary topic)
 * @param items the logic queue's stretches, oldest first (empty for an ordinary topic)
 */
public record LogicPlacement(
        int physicalId,
        int logicId,
        String refusal,
        String broker,
        List<LogicQueueMappingItem> items) {

    /** The ext field a broker sets on a request it forwards with physical ids and offsets. */
    public static final String LOGIC_FIELD = "lo";

    /** Whether {@code request} names a physical queue even for a static topic (a forwarded one). */
    public static boolean physicalAsked(RemotingCommand request) {
        return "false".equals(request.extFieldMap().get(LOGIC_FIELD));
    }

    /** Places {@code queueId} of {@code topic}, physically when {@code request} asks so. */
    public static LogicPlacement of(
            QueueMappings mappings, String topic, int queueId, RemotingCommand request) {
        if (mappings.get(topic) == null || physicalAsked(request)) {
            return new LogicPlacement(queueId, -1, null, null, List.of());
        }
        return of(mappings, topic, queueId);
    }

    /** Places {@code queueId} of {@code topic} on this broker. */
    public static LogicPlacement of(QueueMappings mappings, String topic, int queueId) {
        TopicQueueMappingDetail detail = mappings.get(topic);
        if (detail == null) {
            return new LogicPlacement(queueId, -1, null, null, List.of());
        }
        List<LogicQueueMappingItem> items = detail.items(queueId);
        if (items == null || items.isEmpty()) {
            return refused(
                    queueId,
                    topic
                            + "-"
                            + queueId
                            + " does not exist in request process of current broker "
                            + detail.bname());
        }
        LogicQueueMappingItem leader = items.get(items.size() - 1);
        if (!leader.bname().equals(detail.bname())) {
            return refused(
                    queueId,
                    "logic queue "
                            + queueId
                            + " of static topic "
                            + topic
                            + " is led by "
                            + leader.bname()
                            + ", not by "
                            + detail.bname());
        }
        if (leader.logicOffset() < 0) {
            // remappingStaticTopic writes the new leader first and its logic offset after.
            return refused(
                    queueId,
                    "logic queue "
                            + queueId
                            + " of static topic "
                            + topic
                            + " is being remapped; its start offset is not known yet");
        }
        return new LogicPlacement(
                leader.queueId(), queueId, null, detail.bname(), List.copyOf(items));
    }

    /** The newest stretch (where sends go), or null for an ordinary topic. */
    public LogicQueueMappingItem leader() {
        return items.isEmpty() ? null : items.get(items.size() - 1);
    }

    /**
     * The stretch holding logic offset {@code logic}: the newest one starting at or before it (the
     * leader for an offset past every start, the oldest for one before them all).
     */
    public LogicQueueMappingItem stretchFor(long logic) {
        for (int i = items.size() - 1; i >= 0; i--) {
            LogicQueueMappingItem item = items.get(i);
            if (item.logicOffset() >= 0 && item.logicOffset() <= logic) {
                return item;
            }
        }
        return items.get(0);
    }

    /** The logic offset the stretch after {@code item} starts at, or -1 for the leader. */
    public long followingStart(LogicQueueMappingItem item) {
        int at = items.indexOf(item);
        return at < 0 || at == items.size() - 1 ? -1 : items.get(at + 1).logicOffset();
    }

    /** Whether {@code item} lives on this broker. */
    public boolean local(LogicQueueMappingItem item) {
        return item.bname().equals(broker);
    }

    /** A send's outcome with its queue offset in logic terms (static topics; else as is). */
    public CompletableFuture<PutResult> inLogicOffsets(CompletableFuture<PutResult> put) {
        if (!isLogic()) {
            return put;
        }
        long delta = leader().delta();
        return put.thenApply(stored -> stored.shifted(delta));
    }

    /** The logic offset of physical {@code offset} in the leader stretch (as is for ordinary). */
    public long leaderLogic(long offset) {
        return isLogic() ? leader().logic(offset) : offset;
    }

    /**
     * The placement of a request for {@code queueId} of {@code topic} (physical when {@code
     * request} asks so), or null after answering {@code exchange} with the refusal.
     */
    public static LogicPlacement placeOrRefuse(
            QueueMappings mappings,
            String topic,
            int queueId,
            RemotingCommand request,
            Exchange exchange) {
        LogicPlacement placed = of(mappings, topic, queueId, request);
        if (placed.refusal() != null) {
            exchange.respond(ResponseCode.NOT_LEADER_FOR_QUEUE, placed.refusal());
            return null;
        }
        return placed;
    }

    private static LogicPlacement refused(int queueId, String why) {
        return new LogicPlacement(queueId, queueId, why, null, List.of());
    }

    /** Whether the request named a logic queue of a static topic. */
    public boolean isLogic() {
        return logicId >= 0;
    }

    /** The queue id a response names: the logic one for a static topic, else {@code stored}. */
    public int answerId(int stored) {
        return isLogic() ? logicId : stored;
    }
}
