package io.bolide.broker.admin;

import io.bolide.broker.consumer.ClientRegistry;
import io.bolide.broker.consumer.ConsumerGroup;
import io.bolide.broker.table.Bodies;
import io.bolide.broker.table.ConsumerOffsetTable;
import io.bolide.protocol.body.GroupList;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.TopicRequestHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import java.util.Set;

/**
 * QUERY_TOPIC_CONSUME_BY_WHO (300): the groups consuming a topic, online (by subscription) or not
 * (by committed offsets).
 */
final class QueryTopicConsumeByWhoHandler implements RequestHandler {
    private final ClientRegistry clients;
    private final ConsumerOffsetTable offsets;

    QueryTopicConsumeByWhoHandler(ClientRegistry clients, ConsumerOffsetTable offsets) {
        this.clients = clients;
        this.offsets = offsets;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        String topic = TopicRequestHeader.decode(request.extFields()).topic();
        Set<String> groups = offsets.groupsOf(topic);
        for (ConsumerGroup group : clients.consumerGroups()) {
            if (!group.isEmpty() && group.subscription(topic) != null) {
                groups.add(group.name);
            }
        }
        exchange.respond(ResponseCode.SUCCESS, null, null, Bodies.json(new GroupList(groups)));
    }
}
