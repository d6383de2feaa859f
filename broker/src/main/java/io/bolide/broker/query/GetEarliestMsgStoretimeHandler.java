package io.bolide.broker.query;

import io.bolide.broker.table.LogicPlacement;
import io.bolide.broker.table.PeerBrokers;
import io.bolide.broker.table.QueueMappings;
import io.bolide.protocol.body.LogicQueueMappingItem;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.GetEarliestMsgStoretimeResponseHeader;
import io.bolide.protocol.header.TopicQueueRequestHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import io.bolide.store.MessageStore;
import java.util.Map;

/**
 * GET_EARLIEST_MSG_STORETIME (32): store time of a queue's oldest message (-1 when empty); for a
 * static topic's logic queue (#38), of its oldest stretch's first message, asked of the broker
 * holding that stretch.
 */
final class GetEarliestMsgStoretimeHandler implements RequestHandler {
    private final MessageStore store;
    private final QueueMappings mappings;

    GetEarliestMsgStoretimeHandler(MessageStore store, QueueMappings mappings) {
        this.store = store;
        this.mappings = mappings;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        TopicQueueRequestHeader header = TopicQueueRequestHeader.decode(request.extFields());
        String topic = header.topic();
        LogicPlacement placed =
                LogicPlacement.placeOrRefuse(mappings, topic, header.queueId(), request, exchange);
        if (placed == null) {
            return;
        }
        LogicQueueMappingItem oldest = placed.isLogic() ? placed.items().get(0) : null;
        if (oldest == null || placed.local(oldest)) {
            int queueId = oldest == null ? placed.physicalId() : oldest.queueId();
            answer(exchange, store.storeTimestamp(topic, queueId, store.minOffset(topic, queueId)));
            return;
        }
        mappings.peers()
                .call(
                        topic,
                        oldest.bname(),
                        RequestCode.GET_EARLIEST_MSG_STORETIME,
                        Map.of(
                                "topic", topic,
                                "queueId", Integer.toString(oldest.queueId()),
                                "bname", oldest.bname()))
                .whenComplete(
                        (answer, failure) -> {
                            if (failure != null) {
                                exchange.respond(ResponseCode.SYSTEM_ERROR, failure.getMessage());
                                return;
                            }
                            long timestamp = PeerBrokers.field(answer, "timestamp", -1);
                            answer.release();
                            answer(exchange, timestamp);
                        });
    }

    private static void answer(Exchange exchange, long timestamp) {
        exchange.respond(
                ResponseCode.SUCCESS,
                null,
                new GetEarliestMsgStoretimeResponseHeader().timestamp(timestamp),
                null);
    }
}
