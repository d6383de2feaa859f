package io.bolide.namesrv;

import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.DeleteTopicFromNamesrvRequestHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;

/**
 * DELETE_TOPIC_IN_NAMESRV (216): admin removes a topic's routes, everywhere or in one cluster. A
 * broker that still has the topic brings it back with its next full registration.
 */
final class DeleteTopicHandler implements RequestHandler {
    private final RouteTable routes;

    DeleteTopicHandler(RouteTable routes) {
        this.routes = routes;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        DeleteTopicFromNamesrvRequestHeader header =
                DeleteTopicFromNamesrvRequestHeader.decode(request.extFields());
        routes.catalog().deleteTopic(header.topic(), header.clusterName());
        exchange.respond(ResponseCode.SUCCESS, null);
    }
}
