package io.bolide.broker.consumer;

import io.bolide.broker.table.SubscriptionGroupTable;
import io.bolide.protocol.body.BodyCodec;
import io.bolide.protocol.body.SubscriptionGroupConfig;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.message.NameRules;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;

/**
 * UPDATE_AND_CREATE_SUBSCRIPTIONGROUP (200): creates or replaces a consumer group's settings, its
 * signed attributes applied to those it has ({@link GroupAttributes}).
 */
final class UpdateAndCreateSubscriptionGroupHandler implements RequestHandler {
    private final SubscriptionGroupTable groups;

    UpdateAndCreateSubscriptionGroupHandler(SubscriptionGroupTable groups) {
        this.groups = groups;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        if (request.bodyLength() == 0) {
            exchange.respond(ResponseCode.SYSTEM_ERROR, "no subscription group config in body");
            return;
        }
        SubscriptionGroupConfig config =
                BodyCodec.decode(request.body(), SubscriptionGroupConfig.class);
        String name = config.groupName();
        if (name == null
                || name.isEmpty()
                || name.length() > NameRules.GROUP_MAX_LENGTH
                || !NameRules.hasOnlyValidChars(name)) {
            exchange.respond(ResponseCode.SYSTEM_ERROR, "the group name[" + name + "] is illegal");
            return;
        }
        groups.put(GroupAttributes.applied(config, groups.find(name)));
        exchange.respond(ResponseCode.SUCCESS, null);
    }
}
