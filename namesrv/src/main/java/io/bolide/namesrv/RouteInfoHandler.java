package io.bolide.namesrv;

import io.bolide.protocol.body.TopicRouteData;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.GetRouteInfoRequestHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;

/**
 * GET_ROUTEINFO_BY_TOPIC (105): the brokers and queues of a topic, asked by every client for every
 * topic it uses every 30 s. The route is written as standard JSON (quoted map keys), which every
 * client since 4.9.4 asks for and older ones read as well.
 */
final class RouteInfoHandler implements RequestHandler {
    private static final String NO_ROUTE = "No topic route info in name server for the topic: ";
    private static final String FAQ =
            "\nSee https://rocketmq.apache.org/docs/bestPractice/06FAQ for further details.";

    private final RouteTable routes;

    RouteInfoHandler(RouteTable routes) {
        this.routes = routes;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        String topic = GetRouteInfoRequestHeader.decode(request.extFields()).topic();
        TopicRouteData route = routes.route(topic, exchange.connection().listener());
        if (route == null) {
            exchange.respond(ResponseCode.TOPIC_NOT_EXIST, NO_ROUTE + topic + FAQ);
            return;
        }
        exchange.respond(ResponseCode.SUCCESS, null, null, JsonBody.of(route));
    }
}
