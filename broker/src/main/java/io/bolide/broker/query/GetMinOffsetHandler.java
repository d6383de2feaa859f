package io.bolide.broker.query;

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

    GetMinOffsetHandler(MessageStore store) {
        this.store = store;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        TopicQueueRequestHeader header = TopicQueueRequestHeader.decode(request.extFields());
        long offset = store.minOffset(header.topic(), header.queueId());
        exchange.respond(ResponseCode.SUCCESS, "", new OffsetResponseHeader().offset(offset), null);
    }
}
