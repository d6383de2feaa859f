package io.bolide.broker.admin;

import io.bolide.broker.consumer.ClientRegistry;
import io.bolide.broker.consumer.ConsumerGroup;
import io.bolide.broker.filter.Subscription;
import io.bolide.broker.table.Bodies;
import io.bolide.protocol.body.QuerySubscriptionResponseBody;
import io.bolide.protocol.body.SubscriptionData;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.QuerySubscriptionByConsumerRequestHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;

/**
 * QUERY_SUBSCRIPTION_BY_CONSUMER (345): a group's subscription to a topic as its members' last
 * heartbeat stated it; none (null in the body) when the group is offline or does not subscribe.
 */
final class QuerySubscriptionByConsumerHandler implements RequestHandler {
    private final ClientRegistry clients;

    QuerySubscriptionByConsumerHandler(ClientRegistry clients) {
        this.clients = clients;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        QuerySubscriptionByConsumerRequestHeader header =
                QuerySubscriptionByConsumerRequestHeader.decode(request.extFields());
        QuerySubscriptionResponseBody body =
                new QuerySubscriptionResponseBody(
                        find(header.group(), header.topic()), header.group(), header.topic());
        exchange.respond(ResponseCode.SUCCESS, null, null, Bodies.json(body));
    }

    private SubscriptionData find(String groupName, String topic) {
        ConsumerGroup group = clients.consumerGroup(groupName);
        if (group == null || topic == null || group.lastHeartbeat() == null) {
            return null;
        }
        Subscription current = group.subscription(topic);
        if (current == null) {
            return null;
        }
        for (SubscriptionData data : group.lastHeartbeat().subscriptionDataSet()) {
            if (topic.equals(data.topic())) {
                return data;
            }
        }
        return null;
    }
}
