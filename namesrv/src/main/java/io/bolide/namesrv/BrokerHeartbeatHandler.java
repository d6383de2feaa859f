package io.bolide.namesrv;

import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.BrokerHeartbeatRequestHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;

/** BROKER_HEARTBEAT (904): a registered broker says it is alive without re-registering. */
final class BrokerHeartbeatHandler implements RequestHandler {
    private final RouteTable routes;

    BrokerHeartbeatHandler(RouteTable routes) {
        this.routes = routes;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        BrokerHeartbeatRequestHeader header =
                BrokerHeartbeatRequestHeader.decode(request.extFields());
        routes.touch(header.clusterName(), header.brokerAddr());
        exchange.respond(ResponseCode.SUCCESS, null);
    }
}
