package io.bolide.broker.consumer;

import io.bolide.broker.table.SubscriptionGroupTable;
import io.bolide.protocol.body.BodyCodec;
import io.bolide.protocol.body.ConsumerData;
import io.bolide.protocol.body.HeartbeatData;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;

/** HEART_BEAT (34): registers the client's producer and consumer groups and subscriptions. */
final class HeartbeatHandler implements RequestHandler {
    private final ClientRegistry clients;
    private final SubscriptionGroupTable groups;

    HeartbeatHandler(ClientRegistry clients) {
        this(clients, null);
    }

    /** With {@code groups}, each consumer group heartbeating is offered for auto-creation. */
    HeartbeatHandler(ClientRegistry clients, SubscriptionGroupTable groups) {
        this.clients = clients;
        this.groups = groups;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        if (request.bodyLength() == 0) {
            exchange.respond(ResponseCode.SYSTEM_ERROR, "heartbeat without body");
            return;
        }
        HeartbeatData data = BodyCodec.decode(request.body(), HeartbeatData.class);
        if (data.clientID() == null) {
            exchange.respond(ResponseCode.SYSTEM_ERROR, "heartbeat without clientID");
            return;
        }
        ClientVersion.remember(exchange.connection(), request);
        if (groups != null) {
            for (ConsumerData consumer : data.consumerDataSet()) {
                groups.seen(consumer.groupName());
            }
        }
        clients.heartbeat(data, exchange.connection(), System.currentTimeMillis());
        exchange.respond(ResponseCode.SUCCESS, null);
    }
}
