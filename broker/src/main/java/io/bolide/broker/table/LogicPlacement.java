package io.bolide.broker.table;

import io.bolide.protocol.body.LogicQueueMappingItem;
import io.bolide.protocol.body.TopicQueueMappingDetail;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.remoting.Exchange;
import java.util.List;

/**
 * Where a request naming a queue of a static topic (#38) lands on this broker: clients of a static
 * topic name logic queue ids, which this broker serves on the physical queue of the logic queue's
 * newest stretch when it leads it. Served today: a logic queue that never moved (one stretch, logic
 * offsets equal to physical ones), so only the queue id changes. A moved logic queue, or one led by
 * another broker, is refused with the reason, never served at wrong offsets.
 *
 * @param physicalId the queue to serve, or the requested id for an ordinary topic
 * @param logicId the logic queue id to answer with, or -1 for an ordinary topic
 * @param refusal why the request cannot be served here, or null
 */
public record LogicPlacement(int physicalId, int logicId, String refusal) {

    /** Places {@code queueId} of {@code topic} on this broker. */
    public static LogicPlacement of(QueueMappings mappings, String topic, int queueId) {
        TopicQueueMappingDetail detail = mappings.get(topic);
        if (detail == null) {
            return new LogicPlacement(queueId, -1, null);
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
        if (items.size() > 1 || leader.delta() != 0) {
            return refused(
                    queueId,
                    "logic queue "
                            + queueId
                            + " of static topic "
                            + topic
                            + " was remapped; serving a remapped logic queue is not done yet"
                            + " (issue #38)");
        }
        return new LogicPlacement(leader.queueId(), queueId, null);
    }

    /**
     * The physical queue a request for {@code queueId} of {@code topic} reads, or -1 after
     * answering {@code exchange} with the refusal.
     */
    public static int physicalOrRefuse(
            QueueMappings mappings, String topic, int queueId, Exchange exchange) {
        LogicPlacement placed = of(mappings, topic, queueId);
        if (placed.refusal() != null) {
            exchange.respond(ResponseCode.NOT_LEADER_FOR_QUEUE, placed.refusal());
            return -1;
        }
        return placed.physicalId();
    }

    private static LogicPlacement refused(int queueId, String why) {
        return new LogicPlacement(queueId, queueId, why);
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
