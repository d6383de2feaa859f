package io.bolide.namesrv;

import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.UnregisterBrokerRequestHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;

/** UNREGISTER_BROKER (104): a broker shutting down withdraws itself and, if last, its routes. */
final class UnregisterBrokerHandler implements RequestHandler {
    private final RouteTable routes;

    UnregisterBrokerHandler(RouteTable routes) {
        this.routes = routes;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        UnregisterBrokerRequestHeader header =
                UnregisterBrokerRequestHeader.decode(request.extFields());
        routes.unregister(header.clusterName(), header.brokerAddr(), header.brokerName());
        exchange.respond(ResponseCode.SUCCESS, null);
    }
}
