package io.bolide.namesrv;

import io.bolide.protocol.body.ClusterInfo;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;

/**
 * GET_BROKER_CLUSTER_INFO (106): every broker name and every cluster, for brokers and tools; broker
 * addresses as advertised for the listener the request came in through.
 */
final class ClusterInfoHandler implements RequestHandler {
    private final RouteTable routes;

    ClusterInfoHandler(RouteTable routes) {
        this.routes = routes;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        ClusterInfo info = routes.clusterInfo(exchange.connection().listener());
        exchange.respond(ResponseCode.SUCCESS, null, null, JsonBody.of(info));
    }
}
