package io.bolide.broker.topic;

import io.bolide.broker.table.ConsumerOffsetTable;
import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.TopicRequestHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import io.bolide.store.MessageStore;

/** DELETE_TOPIC_IN_BROKER (215): forgets a topic, its consume queues and its offsets. */
final class DeleteTopicInBrokerHandler implements RequestHandler {
    private final TopicTable topics;
    private final MessageStore store;
    private final ConsumerOffsetTable offsets;

    public DeleteTopicInBrokerHandler(
            TopicTable topics, MessageStore store, ConsumerOffsetTable offsets) {
        this.topics = topics;
        this.store = store;
        this.offsets = offsets;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) throws Exception {
        String topic = TopicRequestHeader.decode(request.extFields()).topic();
        topics.mappings().remove(topic);
        topics.remove(topic);
        offsets.removeTopic(topic);
        store.deleteTopic(topic);
        exchange.respond(ResponseCode.SUCCESS, null);
    }
}
