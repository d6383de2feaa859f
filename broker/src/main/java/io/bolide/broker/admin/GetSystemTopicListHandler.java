package io.bolide.broker.admin;

import io.bolide.broker.table.Bodies;
import io.bolide.protocol.body.TopicList;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import java.util.TreeSet;

/** GET_SYSTEM_TOPIC_LIST_FROM_BROKER (305): the reference's fixed set of system topic names. */
final class GetSystemTopicListHandler implements RequestHandler {
    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        TopicList body = new TopicList(new TreeSet<>(SystemTopics.NAMES), null);
        exchange.respond(ResponseCode.SUCCESS, null, null, Bodies.json(body));
    }
}
