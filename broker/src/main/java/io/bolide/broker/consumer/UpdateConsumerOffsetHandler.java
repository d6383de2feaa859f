package io.bolide.broker.consumer;

import io.bolide.broker.table.ConsumerOffsetTable;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.UpdateConsumerOffsetRequestHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;

/** UPDATE_CONSUMER_OFFSET (15): stores a group's next offset on a queue (usually oneway). */
final class UpdateConsumerOffsetHandler implements RequestHandler {
    private final ConsumerOffsetTable offsets;

    UpdateConsumerOffsetHandler(ConsumerOffsetTable offsets) {
        this.offsets = offsets;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        UpdateConsumerOffsetRequestHeader header =
                UpdateConsumerOffsetRequestHeader.decode(request.extFields());
        offsets.commit(
                header.consumerGroup(), header.topic(), header.queueId(), header.commitOffset());
        exchange.respond(ResponseCode.SUCCESS, null);
    }
}
