package io.bolide.broker.table;

import io.bolide.protocol.body.LogicQueueMappingItem;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Consumer offsets of a static topic's logic queue (#38), kept as the reference keeps them: under
 * the physical queue of the stretch an offset falls in, on the broker holding that stretch. A
 * commit goes to the stretch of its offset (forwarded when another broker holds it); a query asks
 * the stretches from the newest back and answers the first offset found, in logic terms.
 */
public final class LogicOffsets {
    private LogicOffsets() {}

    /** Commits logic {@code offset} of {@code placed}'s logic queue; completes when stored. */
    public static CompletableFuture<Boolean> commit(
            QueueMappings mappings,
            ConsumerOffsetTable offsets,
            LogicPlacement placed,
            String group,
            String topic,
            long offset) {
        LogicQueueMappingItem stretch = placed.stretchFor(offset);
        long physical = Math.max(0, stretch.physical(offset));
        if (placed.local(stretch)) {
            offsets.commit(group, topic, stretch.queueId(), physical);
            return CompletableFuture.completedFuture(true);
        }
        return mappings.peers()
                .call(
                        topic,
                        stretch.bname(),
                        RequestCode.UPDATE_CONSUMER_OFFSET,
                        Map.of(
                                "consumerGroup", group,
                                "topic", topic,
                                "queueId", Integer.toString(stretch.queueId()),
                                "commitOffset", Long.toString(physical),
                                "bname", stretch.bname()))
                .thenApply(
                        answer -> {
                            boolean ok = answer.code() == ResponseCode.SUCCESS;
                            answer.release();
                            return ok;
                        });
    }

    /**
     * The committed logic offset of {@code placed}'s logic queue, or -1 when no stretch has one.
     * With {@code zeroIfYoung}, the oldest stretch answers as an ordinary queue does (0 for a young
     * queue).
     */
    public static CompletableFuture<Long> query(
            QueueMappings mappings,
            ConsumerOffsetTable offsets,
            LogicPlacement placed,
            String group,
            String topic,
            boolean zeroIfYoung) {
        return query(
                mappings, offsets, placed, group, topic, zeroIfYoung, placed.items().size() - 1);
    }

    private static CompletableFuture<Long> query(
            QueueMappings mappings,
            ConsumerOffsetTable offsets,
            LogicPlacement placed,
            String group,
            String topic,
            boolean zeroIfYoung,
            int at) {
        if (at < 0) {
            return CompletableFuture.completedFuture(-1L);
        }
        List<LogicQueueMappingItem> items = placed.items();
        LogicQueueMappingItem stretch = items.get(at);
        CompletableFuture<Long> here;
        if (placed.local(stretch)) {
            here =
                    CompletableFuture.completedFuture(
                            offsets.query(group, topic, stretch.queueId()));
        } else {
            here =
                    mappings.peers()
                            .call(
                                    topic,
                                    stretch.bname(),
                                    RequestCode.QUERY_CONSUMER_OFFSET,
                                    Map.of(
                                            "consumerGroup", group,
                                            "topic", topic,
                                            "queueId", Integer.toString(stretch.queueId()),
                                            "setZeroIfNotFound",
                                                    Boolean.toString(zeroIfYoung && at == 0),
                                            "bname", stretch.bname()))
                            .thenApply(LogicOffsets::offsetOf);
        }
        return here.thenCompose(
                found ->
                        found >= 0
                                ? CompletableFuture.completedFuture(stretch.logic(found))
                                : query(
                                        mappings,
                                        offsets,
                                        placed,
                                        group,
                                        topic,
                                        zeroIfYoung,
                                        at - 1));
    }

    private static long offsetOf(RemotingCommand answer) {
        try {
            return answer.code() == ResponseCode.SUCCESS
                    ? PeerBrokers.field(answer, "offset", -1)
                    : -1;
        } finally {
            answer.release();
        }
    }
}
