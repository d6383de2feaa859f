package io.bolide.broker.topic;

import io.bolide.broker.table.Bodies;
import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.body.TopicConfigSerializeWrapper;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.GetAllTopicConfigResponseHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;

/** GET_ALL_TOPIC_CONFIG (21): the whole topic table in one page. */
final class GetAllTopicConfigHandler implements RequestHandler {
    private final TopicTable topics;

    GetAllTopicConfigHandler(TopicTable topics) {
        this.topics = topics;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        TopicConfigSerializeWrapper table = topics.snapshot();
        GetAllTopicConfigResponseHeader header =
                new GetAllTopicConfigResponseHeader()
                        .totalTopicNum(table.topicConfigTable().size());
        exchange.respond(ResponseCode.SUCCESS, null, header, Bodies.json(table));
    }
}
