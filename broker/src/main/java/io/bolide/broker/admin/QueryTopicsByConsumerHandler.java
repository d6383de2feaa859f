package io.bolide.broker.admin;

import io.bolide.broker.table.Bodies;
import io.bolide.broker.table.ConsumerOffsetTable;
import io.bolide.protocol.body.TopicList;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.QueryTopicsByConsumerRequestHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;

/** QUERY_TOPICS_BY_CONSUMER (343): the topics a group has committed offsets for, here. */
final class QueryTopicsByConsumerHandler implements RequestHandler {
    private final ConsumerOffsetTable offsets;
    private final String brokerAddress;

    QueryTopicsByConsumerHandler(ConsumerOffsetTable offsets, String brokerAddress) {
        this.offsets = offsets;
        this.brokerAddress = brokerAddress;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        String group = QueryTopicsByConsumerRequestHeader.decode(request.extFields()).group();
        TopicList body = new TopicList(offsets.topicsOf(group), brokerAddress);
        exchange.respond(ResponseCode.SUCCESS, null, null, Bodies.json(body));
    }
}
