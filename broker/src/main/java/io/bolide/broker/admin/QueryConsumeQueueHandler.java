package io.bolide.broker.admin;

import io.bolide.broker.consumer.ClientRegistry;
import io.bolide.broker.consumer.ConsumerGroup;
import io.bolide.broker.table.Bodies;
import io.bolide.protocol.body.ConsumeQueueData;
import io.bolide.protocol.body.QueryConsumeQueueResponseBody;
import io.bolide.protocol.body.SubscriptionData;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.QueryConsumeQueueRequestHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import io.bolide.store.MessageStore;
import io.bolide.store.QueueEntry;
import java.util.ArrayList;
import java.util.List;

/**
 * QUERY_CONSUME_QUEUE (321): raw consume-queue entries (commit-log offset, size, tags code) from an
 * index on, with the queue's bounds and, for a named group, its subscription to the topic. Bolide
 * keeps no consume-queue extension, so entries carry no bitmap and no evaluation.
 */
final class QueryConsumeQueueHandler implements RequestHandler {
    private final MessageStore store;
    private final ClientRegistry clients;

    QueryConsumeQueueHandler(MessageStore store, ClientRegistry clients) {
        this.store = store;
        this.clients = clients;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        QueryConsumeQueueRequestHeader header =
                QueryConsumeQueueRequestHeader.decode(request.extFields());
        String topic = header.topic();
        int queueId = header.queueId();
        if (topic == null || !store.hasQueue(topic, queueId)) {
            exchange.respond(ResponseCode.SYSTEM_ERROR, queueId + "@" + topic + " is not exist!");
            return;
        }
        long min = store.minOffset(topic, queueId);
        long max = store.maxOffset(topic, queueId);
        if (header.index() < min || header.index() >= max) {
            exchange.respond(
                    ResponseCode.SUCCESS,
                    "Index " + header.index() + " of " + queueId + "@" + topic + " is not exist!");
            return;
        }
        List<ConsumeQueueData> data = new ArrayList<>();
        for (QueueEntry e : store.queueEntries(topic, queueId, header.index(), header.count())) {
            data.add(
                    new ConsumeQueueData(
                            e.physicalOffset(), e.size(), e.tagsCode(), null, null, false, null));
        }
        SubscriptionData subscription = null;
        String filterData = null;
        String group = header.consumerGroup();
        if (group != null) {
            subscription = subscriptionOf(group, topic);
            if (subscription == null) {
                filterData = group + "@" + topic + " is not online!";
            }
        }
        QueryConsumeQueueResponseBody body =
                new QueryConsumeQueueResponseBody(subscription, filterData, data, max, min);
        exchange.respond(ResponseCode.SUCCESS, null, null, Bodies.json(body));
    }

    private SubscriptionData subscriptionOf(String groupName, String topic) {
        ConsumerGroup group = clients.consumerGroup(groupName);
        if (group == null || group.lastHeartbeat() == null || group.subscription(topic) == null) {
            return null;
        }
        for (SubscriptionData data : group.lastHeartbeat().subscriptionDataSet()) {
            if (topic.equals(data.topic())) {
                return data;
            }
        }
        return null;
    }
}
