package io.bolide.broker.slave;

import io.bolide.broker.table.Bodies;
import io.bolide.broker.table.ConsumerOffsetTable;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;

/**
 * GET_ALL_CONSUMER_OFFSET (43): every committed offset, in the layout of the reference's {@code
 * consumerOffset.json}, for a slave to copy.
 */
final class GetAllConsumerOffsetHandler implements RequestHandler {
    private final ConsumerOffsetTable offsets;

    GetAllConsumerOffsetHandler(ConsumerOffsetTable offsets) {
        this.offsets = offsets;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        exchange.respond(ResponseCode.SUCCESS, null, null, Bodies.json(offsets.snapshot()));
    }
}
