package io.bolide.broker.consumer;

import io.bolide.broker.table.Bodies;
import io.bolide.broker.table.SubscriptionGroupTable;
import io.bolide.protocol.body.SubscriptionGroupConfig;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.GetSubscriptionGroupConfigRequestHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;

/**
 * GET_SUBSCRIPTIONGROUP_CONFIG (352): one group's settings. Like the reference, an unknown group is
 * created with the defaults while auto-creation is on: Apache's proxy asks for a consumer's group
 * before that consumer ever heartbeats a broker, and a SimpleConsumer's start waits on the answer.
 * With auto-creation off an unknown group answers SUBSCRIPTION_GROUP_NOT_EXIST.
 */
final class GetSubscriptionGroupConfigHandler implements RequestHandler {
    private final SubscriptionGroupTable groups;

    GetSubscriptionGroupConfigHandler(SubscriptionGroupTable groups) {
        this.groups = groups;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        String group = GetSubscriptionGroupConfigRequestHeader.decode(request.extFields()).group();
        SubscriptionGroupConfig config = groups.find(group);
        if (config == null) {
            exchange.respond(ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST, "No group in this broker");
            return;
        }
        exchange.respond(ResponseCode.SUCCESS, null, null, Bodies.json(config));
    }
}
