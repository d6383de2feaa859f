package io.bolide.broker.topic;

import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.body.BodyCodec;
import io.bolide.protocol.body.TopicQueueMappingDetail;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.CreateTopicRequestHeader;
import io.bolide.protocol.message.NameRules;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;

/**
 * UPDATE_AND_CREATE_STATIC_TOPIC (513, #38): mqadmin's updateStaticTopic and remappingStaticTopic
 * send each broker group its part of a static topic: the header carries the topic's settings on
 * this broker (as UPDATE_AND_CREATE_TOPIC does), the body the broker's mapping detail. The mapping
 * is stored first, so the registration the topic change starts carries it; the answer waits for
 * that registration, so the admin's next route read sees the mapping.
 */
final class UpdateAndCreateStaticTopicHandler implements RequestHandler {
    private final TopicTable topics;

    UpdateAndCreateStaticTopicHandler(TopicTable topics) {
        this.topics = topics;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) throws Exception {
        CreateTopicRequestHeader header = CreateTopicRequestHeader.decode(request.extFields());
        String topic = header.topic();
        String problem = NameRules.topicProblem(topic);
        if (problem != null) {
            exchange.respond(ResponseCode.SYSTEM_ERROR, problem);
            return;
        }
        if (NameRules.AUTO_CREATE_TOPIC_KEY_TOPIC.equals(topic)
                || TopicTable.SELF_TEST_TOPIC.equals(topic)) {
            exchange.respond(
                    ResponseCode.SYSTEM_ERROR,
                    "The topic[" + topic + "] is conflict with system topic.");
            return;
        }
        TopicQueueMappingDetail detail = mapping(request);
        if (detail == null || !topic.equals(detail.topic())) {
            exchange.respond(
                    ResponseCode.SYSTEM_ERROR,
                    "the body must be the topic's mapping detail (TopicQueueMappingDetail JSON)");
            return;
        }
        if (header.readQueueNums() <= 0 || header.writeQueueNums() <= 0) {
            exchange.respond(ResponseCode.INVALID_PARAMETER, "queue numbers must be positive");
            return;
        }
        String refused = topics.mappings().update(detail, Boolean.TRUE.equals(header.force()));
        if (refused != null) {
            exchange.respond(ResponseCode.SYSTEM_ERROR, refused);
            return;
        }
        topics.put(UpdateAndCreateTopicHandler.toConfig(header))
                .whenComplete(
                        (registered, failure) -> exchange.respond(ResponseCode.SUCCESS, null));
    }

    private static TopicQueueMappingDetail mapping(RemotingCommand request) {
        if (request.body() == null || !request.body().isReadable()) {
            return null;
        }
        try {
            return BodyCodec.decode(request.body(), TopicQueueMappingDetail.class);
        } catch (ProtocolDecodeException e) {
            return null;
        }
    }
}
