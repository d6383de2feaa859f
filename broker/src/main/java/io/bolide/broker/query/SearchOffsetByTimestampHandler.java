package io.bolide.broker.query;

import io.bolide.broker.table.LogicPlacement;
import io.bolide.broker.table.QueueMappings;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.OffsetResponseHeader;
import io.bolide.protocol.header.SearchOffsetRequestHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import io.bolide.store.MessageStore;

/**
 * SEARCH_OFFSET_BY_TIMESTAMP (29): the first offset stored at or after the timestamp (the LOWER
 * boundary, which is what clients send; UPPER is answered the same way).
 */
final class SearchOffsetByTimestampHandler implements RequestHandler {
    private final MessageStore store;
    private final QueueMappings mappings;

    SearchOffsetByTimestampHandler(MessageStore store, QueueMappings mappings) {
        this.store = store;
        this.mappings = mappings;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        SearchOffsetRequestHeader header = SearchOffsetRequestHeader.decode(request.extFields());
        LogicPlacement placed =
                LogicPlacement.placeOrRefuse(
                        mappings, header.topic(), header.queueId(), request, exchange);
        if (placed == null) {
            return;
        }
        // Static topics (#38): searched in the leader stretch only.
        long offset =
                placed.leaderLogic(
                        store.offsetByTime(
                                header.topic(), placed.physicalId(), header.timestamp()));
        exchange.respond(
                ResponseCode.SUCCESS, null, new OffsetResponseHeader().offset(offset), null);
    }
}
