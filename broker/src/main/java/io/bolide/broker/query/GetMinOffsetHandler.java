package io.bolide.broker.query;

import io.bolide.broker.table.LogicPlacement;
import io.bolide.broker.table.PeerBrokers;
import io.bolide.broker.table.QueueMappings;
import io.bolide.protocol.body.LogicQueueMappingItem;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.OffsetResponseHeader;
import io.bolide.protocol.header.TopicQueueRequestHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import io.bolide.store.MessageStore;
import java.util.Map;

/** GET_MIN_OFFSET (31): the smallest offset still stored in a queue. */
final class GetMinOffsetHandler implements RequestHandler {
    private final MessageStore store;
    private final QueueMappings mappings;

    GetMinOffsetHandler(MessageStore store, QueueMappings mappings) {
        this.store = store;
        this.mappings = mappings;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        TopicQueueRequestHeader header = TopicQueueRequestHeader.decode(request.extFields());
        LogicPlacement placed =
                LogicPlacement.placeOrRefuse(
                        mappings, header.topic(), header.queueId(), request, exchange);
        if (placed == null) {
            return;
        }
        if (!placed.isLogic()) {
            long offset = store.minOffset(header.topic(), placed.physicalId());
            answer(exchange, offset);
            return;
        }
        // Static topics (#38): the oldest stretch's first offset, asked where it lives.
        LogicQueueMappingItem oldest = placed.items().get(0);
        if (placed.local(oldest)) {
            answer(exchange, oldest.logic(store.minOffset(header.topic(), oldest.queueId())));
            return;
        }
        mappings.peers()
                .call(
                        header.topic(),
                        oldest.bname(),
                        RequestCode.GET_MIN_OFFSET,
                        Map.of(
                                "topic", header.topic(),
                                "queueId", Integer.toString(oldest.queueId()),
                                "bname", oldest.bname()))
                .whenComplete(
                        (answer, failure) -> {
                            if (failure != null) {
                                exchange.respond(ResponseCode.SYSTEM_ERROR, failure.getMessage());
                                return;
                            }
                            long offset = PeerBrokers.field(answer, "offset", 0);
                            answer.release();
                            answer(exchange, oldest.logic(offset));
                        });
    }

    private static void answer(Exchange exchange, long offset) {
        exchange.respond(ResponseCode.SUCCESS, "", new OffsetResponseHeader().offset(offset), null);
    }
}
