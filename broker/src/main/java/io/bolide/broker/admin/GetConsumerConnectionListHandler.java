package io.bolide.broker.admin;

import io.bolide.broker.consumer.ClientRegistry;
import io.bolide.broker.consumer.ConsumerGroup;
import io.bolide.broker.table.Bodies;
import io.bolide.protocol.body.ConsumeType;
import io.bolide.protocol.body.ConsumerConnection;
import io.bolide.protocol.body.ConsumerData;
import io.bolide.protocol.body.SubscriptionData;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.ConsumerGroupRequestHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import java.util.HashMap;
import java.util.Map;

/**
 * GET_CONSUMER_CONNECTION_LIST (203): the online clients of a consumer group with their addresses,
 * languages and versions, and the group's subscriptions; CONSUMER_NOT_ONLINE when none is online.
 */
final class GetConsumerConnectionListHandler implements RequestHandler {
    private final ClientRegistry clients;

    GetConsumerConnectionListHandler(ClientRegistry clients) {
        this.clients = clients;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        String name = ConsumerGroupRequestHeader.decode(request.extFields()).consumerGroup();
        ConsumerGroup group = clients.consumerGroup(name);
        ConsumerData data = group == null ? null : group.lastHeartbeat();
        if (group == null || group.isEmpty() || data == null) {
            exchange.respond(
                    ResponseCode.CONSUMER_NOT_ONLINE,
                    "the consumer group[" + name + "] not online");
            return;
        }
        Map<String, SubscriptionData> subscriptions = new HashMap<>();
        for (SubscriptionData sub : data.subscriptionDataSet()) {
            subscriptions.put(sub.topic(), sub);
        }
        ConsumerConnection body =
                new ConsumerConnection(
                        ConnectionList.of(group.members()),
                        subscriptions,
                        data.consumeType() == null
                                ? ConsumeType.CONSUME_PASSIVELY
                                : data.consumeType(),
                        data.messageModel(),
                        data.consumeFromWhere());
        exchange.respond(ResponseCode.SUCCESS, null, null, Bodies.json(body));
    }
}
