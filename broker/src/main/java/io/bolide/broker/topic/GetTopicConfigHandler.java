package io.bolide.broker.topic;

import io.bolide.broker.table.Bodies;
import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.body.TopicConfig;
import io.bolide.protocol.body.TopicConfigAndQueueMapping;
import io.bolide.protocol.body.TopicQueueMappingDetail;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.TopicRequestHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;

/**
 * GET_TOPIC_CONFIG (351): one topic's settings, read by the client as a TopicConfigAndQueueMapping:
 * for a static topic (#38) with this broker's {@code mappingDetail}, which mqadmin's static-topic
 * commands read back; for an ordinary topic without it, as the reference writes it.
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
        TopicQueueMappingDetail mapping = topics.mappings().get(topic);
        exchange.respond(
                ResponseCode.SUCCESS,
                null,
                null,
                Bodies.json(new TopicConfigAndQueueMapping(config, mapping)));
    }
}
