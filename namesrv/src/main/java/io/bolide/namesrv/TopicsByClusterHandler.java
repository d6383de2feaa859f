package io.bolide.namesrv;

import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.GetTopicsByClusterRequestHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;

/** GET_TOPICS_BY_CLUSTER (224): the topics served by the brokers of one cluster. */
final class TopicsByClusterHandler implements RequestHandler {
    private final RouteTable routes;

    TopicsByClusterHandler(RouteTable routes) {
        this.routes = routes;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        String cluster = GetTopicsByClusterRequestHeader.decode(request.extFields()).cluster();
        exchange.respond(
                ResponseCode.SUCCESS,
                null,
                null,
                JsonBody.of(routes.catalog().topicsOfCluster(cluster)));
    }
}
