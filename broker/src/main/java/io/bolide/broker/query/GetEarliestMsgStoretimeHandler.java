package io.bolide.broker.query;

import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.GetEarliestMsgStoretimeResponseHeader;
import io.bolide.protocol.header.TopicQueueRequestHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import io.bolide.store.MessageStore;

/** GET_EARLIEST_MSG_STORETIME (32): store time of a queue's oldest message (-1 when empty). */
final class GetEarliestMsgStoretimeHandler implements RequestHandler {
    private final MessageStore store;

    GetEarliestMsgStoretimeHandler(MessageStore store) {
        this.store = store;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        TopicQueueRequestHeader header = TopicQueueRequestHeader.decode(request.extFields());
        String topic = header.topic();
        int queueId = header.queueId();
        long timestamp = store.storeTimestamp(topic, queueId, store.minOffset(topic, queueId));
        exchange.respond(
                ResponseCode.SUCCESS,
                null,
                new GetEarliestMsgStoretimeResponseHeader().timestamp(timestamp),
                null);
    }
}
