package io.bolide.namesrv;

import io.bolide.protocol.body.BodyCodec;
import io.bolide.protocol.body.TopicRouteData;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.RegisterTopicRequestHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;

/**
 * REGISTER_TOPIC_IN_NAMESRV (217): admin adds queues of a topic on registered broker names (body
 * TopicRouteData; only its queue data is used).
 */
final class RegisterTopicHandler implements RequestHandler {
    private final RouteTable routes;

    RegisterTopicHandler(RouteTable routes) {
        this.routes = routes;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        String topic = RegisterTopicRequestHeader.decode(request.extFields()).topic();
        if (request.bodyLength() > 0) {
            TopicRouteData route = BodyCodec.decode(request.body(), TopicRouteData.class);
            routes.catalog().registerTopic(topic, route.queueDatas());
        }
        exchange.respond(ResponseCode.SUCCESS, null);
    }
}
