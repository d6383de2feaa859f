package io.bolide.namesrv;

import io.bolide.protocol.body.BrokerData;
import io.bolide.protocol.body.BrokerMemberGroup;
import io.bolide.protocol.body.GetBrokerMemberGroupResponseBody;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.GetBrokerMemberGroupRequestHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import java.util.Map;

/**
 * GET_BROKER_MEMBER_GROUP (901): the processes registered under one broker name, broker id to
 * address. As the reference does, the group is looked up by broker name alone and carries the
 * cluster the request named; an unknown broker name answers an empty group, not an error.
 */
final class BrokerMemberGroupHandler implements RequestHandler {
    private final RouteTable routes;

    BrokerMemberGroupHandler(RouteTable routes) {
        this.routes = routes;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        GetBrokerMemberGroupRequestHeader header =
                GetBrokerMemberGroupRequestHeader.decode(request.extFields());
        BrokerData group = routes.clusterInfo().brokerAddrTable().get(header.brokerName());
        Map<Long, String> members = group == null ? Map.of() : group.brokerAddrs();
        BrokerMemberGroup body =
                new BrokerMemberGroup(header.clusterName(), header.brokerName(), members);
        exchange.respond(
                ResponseCode.SUCCESS,
                null,
                null,
                JsonBody.of(new GetBrokerMemberGroupResponseBody(body)));
    }
}
