package io.bolide.broker.query;

import io.bolide.broker.table.LogicPlacement;
import io.bolide.broker.table.QueueMappings;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.GetMaxOffsetRequestHeader;
import io.bolide.protocol.header.OffsetResponseHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import io.bolide.store.MessageStore;

/** GET_MAX_OFFSET (30): one past the last readable offset of a queue. */
final class GetMaxOffsetHandler implements RequestHandler {
    private final MessageStore store;
    private final QueueMappings mappings;

    GetMaxOffsetHandler(MessageStore store, QueueMappings mappings) {
        this.store = store;
        this.mappings = mappings;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        GetMaxOffsetRequestHeader header = GetMaxOffsetRequestHeader.decode(request.extFields());
        LogicPlacement placed =
                LogicPlacement.placeOrRefuse(
                        mappings, header.topic(), header.queueId(), request, exchange);
        if (placed == null) {
            return;
        }
        // Static topics (#38): the leader stretch's end, in logic offsets.
        long offset = placed.leaderLogic(store.maxOffset(header.topic(), placed.physicalId()));
        exchange.respond(
                ResponseCode.SUCCESS, null, new OffsetResponseHeader().offset(offset), null);
    }
}
