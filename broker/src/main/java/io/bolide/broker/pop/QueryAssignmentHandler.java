package io.bolide.broker.pop;

import io.bolide.broker.consumer.ClientChannel;
import io.bolide.broker.consumer.ClientRegistry;
import io.bolide.broker.consumer.ConsumerGroup;
import io.bolide.broker.table.Bodies;
import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.body.BodyCodec;
import io.bolide.protocol.body.MessageModel;
import io.bolide.protocol.body.MessageQueue;
import io.bolide.protocol.body.MessageQueueAssignment;
import io.bolide.protocol.body.MessageRequestMode;
import io.bolide.protocol.body.QueryAssignmentRequestBody;
import io.bolide.protocol.body.QueryAssignmentResponseBody;
import io.bolide.protocol.body.TopicConfig;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * QUERY_ASSIGNMENT (400): a consumer that leaves rebalancing to the broker asks which queues of a
 * topic to read. In POP mode every consumer gets the whole topic as one queue {@code -1} (the
 * broker shares messages out at pop time); in PULL mode (the default, and always for retry topics)
 * the topic's queues are allocated averagely over the group's clients, or all of them to each
 * client of a broadcasting group. An unknown topic gets no queue.
 */
final class QueryAssignmentHandler implements RequestHandler {
    private static final Logger LOG = LoggerFactory.getLogger(QueryAssignmentHandler.class);
    private final TopicTable topics;
    private final ClientRegistry clients;
    private final RequestModes modes;
    private final String brokerName;

    QueryAssignmentHandler(
            TopicTable topics, ClientRegistry clients, RequestModes modes, String brokerName) {
        this.topics = topics;
        this.clients = clients;
        this.modes = modes;
        this.brokerName = brokerName;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        if (request.body() == null || request.body().readableBytes() == 0) {
            exchange.respond(ResponseCode.SYSTEM_ERROR, "query assignment: no body");
            return;
        }
        QueryAssignmentRequestBody body =
                BodyCodec.decode(request.body(), QueryAssignmentRequestBody.class);
        Set<MessageQueueAssignment> assigned = new LinkedHashSet<>();
        TopicConfig topic = body.topic() == null ? null : topics.get(body.topic());
        if (topic != null) {
            MessageRequestMode mode = modes.modeOf(body.topic(), body.consumerGroup());
            for (MessageQueue queue : queues(body, topic, mode)) {
                assigned.add(new MessageQueueAssignment(queue, mode, Map.of()));
            }
        }
        if (LOG.isDebugEnabled()) {
            LOG.debug("assignment of {} to {}: {}", body.topic(), body.clientId(), assigned);
        }
        exchange.respond(
                ResponseCode.SUCCESS,
                null,
                null,
                Bodies.json(new QueryAssignmentResponseBody(assigned)));
    }

    private List<MessageQueue> queues(
            QueryAssignmentRequestBody body, TopicConfig topic, MessageRequestMode mode) {
        if (mode == MessageRequestMode.POP) {
            return List.of(new MessageQueue(topic.topicName(), brokerName, -1));
        }
        List<MessageQueue> all = new ArrayList<>();
        for (int i = 0; i < topic.readQueueNums(); i++) {
            all.add(new MessageQueue(topic.topicName(), brokerName, i));
        }
        if (body.messageModel() == MessageModel.BROADCASTING) {
            return all;
        }
        return QueueAllocation.averagely(all, clientIds(body.consumerGroup()), body.clientId());
    }

    private List<String> clientIds(String group) {
        ConsumerGroup online = group == null ? null : clients.consumerGroup(group);
        Set<String> ids = new TreeSet<>();
        if (online != null) {
            for (ClientChannel member : online.members()) {
                ids.add(member.clientId);
            }
        }
        return new ArrayList<>(ids);
    }
}
