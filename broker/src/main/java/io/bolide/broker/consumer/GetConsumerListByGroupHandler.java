package io.bolide.broker.consumer;

import io.bolide.broker.table.Bodies;
import io.bolide.protocol.body.GetConsumerListByGroupResponseBody;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.ConsumerGroupRequestHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import java.util.List;

/** GET_CONSUMER_LIST_BY_GROUP (38): the client ids of a consumer group, for rebalancing. */
final class GetConsumerListByGroupHandler implements RequestHandler {
    private final ClientRegistry clients;

    GetConsumerListByGroupHandler(ClientRegistry clients) {
        this.clients = clients;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        String name = ConsumerGroupRequestHeader.decode(request.extFields()).consumerGroup();
        ConsumerGroup group = clients.consumerGroup(name);
        List<String> ids = group == null ? List.of() : group.clientIds();
        if (ids.isEmpty()) {
            exchange.respond(ResponseCode.SYSTEM_ERROR, "no consumer for this group, " + name);
            return;
        }
        exchange.respond(
                ResponseCode.SUCCESS,
                null,
                null,
                Bodies.json(new GetConsumerListByGroupResponseBody(ids)));
    }
}
