package io.bolide.broker.topic;

import io.bolide.broker.table.Bodies;
import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.body.TopicConfig;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.TopicRequestHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;

/**
 * GET_TOPIC_CONFIG (351): one topic's settings. The client reads the body as a
 * TopicConfigAndQueueMapping, whose extra mapping field is absent for a broker without static
 * topics, so a plain TopicConfig body is what the reference sends too.
 */
final class GetTopicConfigHandler implements RequestHandler {
    private final TopicTable topics;

    GetTopicConfigHandler(TopicTable topics) {
        this.topics = topics;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        String topic = TopicRequestHeader.decode(request.extFields()).topic();
        TopicConfig config = topics.get(topic);
        if (config == null) {
            exchange.respond(
                    ResponseCode.TOPIC_NOT_EXIST, "No topic in this broker. topic: " + topic);
            return;
        }
        exchange.respond(ResponseCode.SUCCESS, null, null, Bodies.json(config));
    }
}
