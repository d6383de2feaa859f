package io.bolide.broker.topic;

import io.bolide.broker.table.Bodies;
import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.body.TopicConfigSerializeWrapper;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.GetAllTopicConfigResponseHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import java.util.HashMap;

/** GET_ALL_TOPIC_CONFIG (21): the whole topic table in one page. */
final class GetAllTopicConfigHandler implements RequestHandler {
    private final TopicTable topics;

    GetAllTopicConfigHandler(TopicTable topics) {
        this.topics = topics;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        TopicConfigSerializeWrapper table = topics.snapshot();
        if (!topics.mappings().isEmpty()) {
            // Static topics (#38): the reference answers the mapping details here, not the route
            // form.
            table =
                    new TopicConfigSerializeWrapper(
                            table.topicConfigTable(),
                            table.dataVersion(),
                            topics.mappings().version(),
                            null,
                            new HashMap<>(topics.mappings().details()));
        }
        GetAllTopicConfigResponseHeader header =
                new GetAllTopicConfigResponseHeader()
                        .totalTopicNum(table.topicConfigTable().size());
        exchange.respond(ResponseCode.SUCCESS, null, header, Bodies.json(table));
    }
}
