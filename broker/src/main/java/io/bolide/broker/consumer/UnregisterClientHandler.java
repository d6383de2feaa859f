package io.bolide.broker.consumer;

import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.UnregisterClientRequestHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;

/** UNREGISTER_CLIENT (35): a client leaves one producer or consumer group. */
final class UnregisterClientHandler implements RequestHandler {
    private final ClientRegistry clients;

    UnregisterClientHandler(ClientRegistry clients) {
        this.clients = clients;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        UnregisterClientRequestHeader header =
                UnregisterClientRequestHeader.decode(request.extFields());
        clients.unregister(exchange.connection(), header.producerGroup(), header.consumerGroup());
        exchange.respond(ResponseCode.SUCCESS, null);
    }
}
