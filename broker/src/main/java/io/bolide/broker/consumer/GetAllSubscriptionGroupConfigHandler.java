package io.bolide.broker.consumer;

import io.bolide.broker.table.Bodies;
import io.bolide.broker.table.SubscriptionGroupTable;
import io.bolide.protocol.body.SubscriptionGroupWrapper;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.GetAllSubscriptionGroupResponseHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;

/** GET_ALL_SUBSCRIPTIONGROUP_CONFIG (201): every group's settings in one page. */
final class GetAllSubscriptionGroupConfigHandler implements RequestHandler {
    private final SubscriptionGroupTable groups;

    GetAllSubscriptionGroupConfigHandler(SubscriptionGroupTable groups) {
        this.groups = groups;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        SubscriptionGroupWrapper table = groups.snapshot();
        GetAllSubscriptionGroupResponseHeader header =
                new GetAllSubscriptionGroupResponseHeader()
                        .totalGroupNum(table.subscriptionGroupTable().size());
        exchange.respond(ResponseCode.SUCCESS, null, header, Bodies.json(table));
    }
}
