package io.bolide.broker.consumer;

import io.bolide.broker.table.ConsumerOffsetTable;
import io.bolide.broker.table.LogicOffsets;
import io.bolide.broker.table.LogicPlacement;
import io.bolide.broker.table.QueueMappings;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.OffsetResponseHeader;
import io.bolide.protocol.header.QueryConsumerOffsetRequestHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import io.bolide.store.MessageStore;

/**
 * QUERY_CONSUMER_OFFSET (14): the committed offset; without one, 0 for a queue that still starts at
 * offset 0 (a young queue, all in memory: the reference's rule, so a new group reads from the
 * start), else QUERY_NOT_FOUND.
 */
final class QueryConsumerOffsetHandler implements RequestHandler {
    static final String NOT_FOUND =
            "Not found, V3_0_6_SNAPSHOT maybe this group consumer boot first";

    private final ConsumerOffsetTable offsets;
    private final MessageStore store;
    private final QueueMappings mappings;

    QueryConsumerOffsetHandler(
            ConsumerOffsetTable offsets, MessageStore store, QueueMappings mappings) {
        this.offsets = offsets;
        this.store = store;
        this.mappings = mappings;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        QueryConsumerOffsetRequestHeader header =
                QueryConsumerOffsetRequestHeader.decode(request.extFields());
        String topic = header.topic();
        LogicPlacement placed = LogicPlacement.of(mappings, topic, header.queueId(), request);
        if (placed.refusal() != null) {
            exchange.respond(ResponseCode.NOT_LEADER_FOR_QUEUE, placed.refusal());
            return;
        }
        if (placed.isLogic() && placed.items().size() > 1) {
            // A remapped logic queue (#38): the stretches from the newest back, on their brokers.
            boolean zeroIfYoung = !Boolean.FALSE.equals(header.setZeroIfNotFound());
            LogicOffsets.query(
                            mappings, offsets, placed, header.consumerGroup(), topic, zeroIfYoung)
                    .whenComplete((found, failure) -> answer(exchange, found, failure));
            return;
        }
        int queueId = placed.physicalId();
        long offset = offsets.query(header.consumerGroup(), topic, queueId);
        if (offset < 0
                && !Boolean.FALSE.equals(header.setZeroIfNotFound())
                && store.minOffset(topic, queueId) == 0
                && store.maxOffset(topic, queueId) > 0) {
            offset = 0;
        }
        if (offset < 0) {
            exchange.respond(ResponseCode.QUERY_NOT_FOUND, NOT_FOUND);
            return;
        }
        exchange.respond(
                ResponseCode.SUCCESS,
                null,
                new OffsetResponseHeader().offset(placed.leaderLogic(offset)),
                null);
    }

    private static void answer(Exchange exchange, Long found, Throwable failure) {
        if (failure != null) {
            exchange.respond(ResponseCode.SYSTEM_ERROR, failure.getMessage());
        } else if (found < 0) {
            exchange.respond(ResponseCode.QUERY_NOT_FOUND, NOT_FOUND);
        } else {
            exchange.respond(
                    ResponseCode.SUCCESS, null, new OffsetResponseHeader().offset(found), null);
        }
    }
}
