package io.bolide.broker.query;

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

    SearchOffsetByTimestampHandler(MessageStore store) {
        this.store = store;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        SearchOffsetRequestHeader header = SearchOffsetRequestHeader.decode(request.extFields());
        long offset = store.offsetByTime(header.topic(), header.queueId(), header.timestamp());
        exchange.respond(
                ResponseCode.SUCCESS, null, new OffsetResponseHeader().offset(offset), null);
    }
}
