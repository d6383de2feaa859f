package io.bolide.broker.admin;

import io.bolide.broker.consumer.ClientChannel;
import io.bolide.broker.consumer.ClientRegistry;
import io.bolide.broker.consumer.ConsumerGroup;
import io.bolide.broker.table.Bodies;
import io.bolide.broker.table.ConsumerOffsetTable;
import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.body.MessageQueue;
import io.bolide.protocol.body.ResetOffsetBody;
import io.bolide.protocol.body.TopicConfig;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.ResetOffsetRequestHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import io.bolide.store.MessageStore;
import java.util.HashMap;
import java.util.Map;

/**
 * INVOKE_BROKER_TO_RESET_OFFSET (222): moves a group's offsets on a topic to the first message
 * stored at or after a time (or, with a queue id and offset, one queue to that offset), stores
 * them, and tells every online member with a oneway RESET_CONSUMER_CLIENT_OFFSET (220) carrying the
 * new offsets, so push consumers drop what they hold and pull again from there. Without {@code
 * isForce} an offset only moves backwards. With no member online the answer is CONSUMER_NOT_ONLINE,
 * on which the admin tool falls back to committing offsets itself.
 */
final class InvokeBrokerToResetOffsetHandler implements RequestHandler {
    private final TopicTable topics;
    private final ConsumerOffsetTable offsets;
    private final ClientRegistry clients;
    private final MessageStore store;
    private final String brokerName;

    InvokeBrokerToResetOffsetHandler(
            TopicTable topics,
            ConsumerOffsetTable offsets,
            ClientRegistry clients,
            MessageStore store,
            String brokerName) {
        this.topics = topics;
        this.offsets = offsets;
        this.clients = clients;
        this.store = store;
        this.brokerName = brokerName;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        ResetOffsetRequestHeader header = ResetOffsetRequestHeader.decode(request.extFields());
        String topic = header.topic();
        TopicConfig config = topics.get(topic);
        if (config == null) {
            exchange.respond(ResponseCode.TOPIC_NOT_EXIST, "topic[" + topic + "] not exist");
            return;
        }
        Map<MessageQueue, Long> table = targets(header, config);
        for (Map.Entry<MessageQueue, Long> entry : table.entrySet()) {
            offsets.commit(header.group(), topic, entry.getKey().queueId(), entry.getValue());
        }
        ConsumerGroup group = clients.consumerGroup(header.group());
        if (group == null || group.isEmpty()) {
            exchange.respond(
                    ResponseCode.CONSUMER_NOT_ONLINE,
                    "Consumer not online, so can not reset offset, Group: "
                            + header.group()
                            + " Topic: "
                            + topic
                            + " Timestamp: "
                            + header.timestamp());
            return;
        }
        ResetOffsetBody body = new ResetOffsetBody(table);
        for (ClientChannel member : group.members()) {
            if (member.connection.isActive()) {
                member.connection.invokeOneway(
                        RequestCode.RESET_CONSUMER_CLIENT_OFFSET, header, Bodies.json(body));
            }
        }
        exchange.respond(ResponseCode.SUCCESS, null, null, Bodies.json(body));
    }

    private Map<MessageQueue, Long> targets(ResetOffsetRequestHeader header, TopicConfig config) {
        Map<MessageQueue, Long> table = new HashMap<>();
        String topic = config.topicName();
        Long offset = header.offset();
        if (header.queueId() >= 0 && offset != null && offset >= 0) {
            table.put(new MessageQueue(topic, brokerName, header.queueId()), offset);
            return table;
        }
        for (int queueId = 0; queueId < config.writeQueueNums(); queueId++) {
            long current = offsets.query(header.group(), topic, queueId);
            long target =
                    header.timestamp() == -1
                            ? store.maxOffset(topic, queueId)
                            : store.offsetByTime(topic, queueId, header.timestamp());
            target = Math.max(0, target);
            long chosen = header.isForce() || current < 0 || target < current ? target : current;
            table.put(new MessageQueue(topic, brokerName, queueId), chosen);
        }
        return table;
    }
}
