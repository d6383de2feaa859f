package io.bolide.broker.consumer;

import io.bolide.broker.table.Bodies;
import io.bolide.broker.table.SubscriptionGroupTable;
import io.bolide.protocol.body.SubscriptionGroupConfig;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.GetSubscriptionGroupConfigRequestHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;

/** GET_SUBSCRIPTIONGROUP_CONFIG (352): one group's settings, or SUBSCRIPTION_GROUP_NOT_EXIST. */
final class GetSubscriptionGroupConfigHandler implements RequestHandler {
    private final SubscriptionGroupTable groups;

    GetSubscriptionGroupConfigHandler(SubscriptionGroupTable groups) {
        this.groups = groups;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        String group = GetSubscriptionGroupConfigRequestHeader.decode(request.extFields()).group();
        SubscriptionGroupConfig config = groups.get(group);
        if (config == null) {
            exchange.respond(
                    ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST,
                    "The consumer group " + group + " not exist");
            return;
        }
        exchange.respond(ResponseCode.SUCCESS, null, null, Bodies.json(config));
    }
}
