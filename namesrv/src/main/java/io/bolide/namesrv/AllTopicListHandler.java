package io.bolide.namesrv;

import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;

/** GET_ALL_TOPIC_LIST_FROM_NAMESERVER (206): every topic some broker serves. */
final class AllTopicListHandler implements RequestHandler {
    private final RouteTable routes;

    AllTopicListHandler(RouteTable routes) {
        this.routes = routes;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        exchange.respond(
                ResponseCode.SUCCESS, null, null, JsonBody.of(routes.catalog().allTopics()));
    }
}
