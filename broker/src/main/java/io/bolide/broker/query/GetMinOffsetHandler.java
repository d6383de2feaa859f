package io.bolide.broker.query;

import io.bolide.broker.table.LogicPlacement;
import io.bolide.broker.table.QueueMappings;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.OffsetResponseHeader;
import io.bolide.protocol.header.TopicQueueRequestHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import io.bolide.store.MessageStore;

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
        int queueId =
                LogicPlacement.physicalOrRefuse(
                        mappings, header.topic(), header.queueId(), exchange);
        if (queueId < 0) {
            return;
        }
        long offset = store.minOffset(header.topic(), queueId);
        exchange.respond(ResponseCode.SUCCESS, "", new OffsetResponseHeader().offset(offset), null);
    }
}
