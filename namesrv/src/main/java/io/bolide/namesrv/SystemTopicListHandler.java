package io.bolide.namesrv;

import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;

/** GET_SYSTEM_TOPIC_LIST_FROM_NS (304): cluster and broker names, with a broker to ask. */
final class SystemTopicListHandler implements RequestHandler {
    private final RouteTable routes;

    SystemTopicListHandler(RouteTable routes) {
        this.routes = routes;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        exchange.respond(
                ResponseCode.SUCCESS, null, null, JsonBody.of(routes.catalog().systemTopics()));
    }
}
