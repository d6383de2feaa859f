package io.bolide.broker.query;

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

    GetMaxOffsetHandler(MessageStore store) {
        this.store = store;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        GetMaxOffsetRequestHeader header = GetMaxOffsetRequestHeader.decode(request.extFields());
        long offset = store.maxOffset(header.topic(), header.queueId());
        exchange.respond(
                ResponseCode.SUCCESS, null, new OffsetResponseHeader().offset(offset), null);
    }
}
