package io.bolide.broker.admin;

import io.bolide.broker.consumer.ClientRegistry;
import io.bolide.broker.table.Bodies;
import io.bolide.protocol.body.ProducerConnection;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.GetProducerConnectionListRequestHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;

/**
 * GET_PRODUCER_CONNECTION_LIST (204): the online clients of a producer group. An unknown group is
 * answered with SYSTEM_ERROR, as the reference does, which the admin tool reports as "not online".
 */
final class GetProducerConnectionListHandler implements RequestHandler {
    private final ClientRegistry clients;

    GetProducerConnectionListHandler(ClientRegistry clients) {
        this.clients = clients;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        String group =
                GetProducerConnectionListRequestHeader.decode(request.extFields()).producerGroup();
        var members = clients.producerGroup(group);
        if (members.isEmpty()) {
            exchange.respond(
                    ResponseCode.SYSTEM_ERROR, "the producer group[" + group + "] not exist");
            return;
        }
        ProducerConnection body = new ProducerConnection(ConnectionList.of(members));
        exchange.respond(ResponseCode.SUCCESS, null, null, Bodies.json(body));
    }
}
