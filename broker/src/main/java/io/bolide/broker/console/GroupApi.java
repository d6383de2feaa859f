package io.bolide.broker.console;

import io.bolide.broker.auth.CallNeeds;
import io.bolide.broker.consumer.ClientChannel;
import io.bolide.broker.consumer.ConsumerGroup;
import io.bolide.broker.filter.Subscription;
import io.bolide.protocol.body.TopicConfig;
import io.netty.handler.codec.http.HttpMethod;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Consumer groups: every group that has committed an offset here or has clients connected, with its
 * lag; one group's lag per queue (the broker's max offset less the committed one), its connected
 * clients and their subscriptions.
 */
final class GroupApi {
    private final ConsoleState state;

    GroupApi(ConsoleState state) {
        this.state = state;
    }

    void install(Routes routes) {
        routes.sync(HttpMethod.GET, "/api/groups", this::list);
        routes.sync(HttpMethod.GET, "/api/groups/{group}", this::group);
    }

    /** Every group with committed offsets or connected clients. */
    Set<String> names() {
        Set<String> names = new TreeSet<>(state.offsets().totalsByGroup().keySet());
        for (ConsumerGroup group : state.clients().consumerGroups()) {
            names.add(group.name);
        }
        return names;
    }

    private List<Map<String, Object>> list(Request request) {
        String search = request.param("search", "").toLowerCase(Locale.ROOT);
        List<Map<String, Object>> list = new ArrayList<>();
        for (String name : names()) {
            if (!name.toLowerCase(Locale.ROOT).contains(search)
                    || !request.caller().allowed(new CallNeeds().getGroup(name))) {
                continue;
            }
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("group", name);
            row.put("clients", clients(name).size());
            row.put("totalLag", queues(name).stream().mapToLong(q -> (long) q.get("lag")).sum());
            list.add(row);
        }
        return list;
    }

    private Map<String, Object> group(Request request) {
        String name = request.path("group");
        request.caller().allow(new CallNeeds().getGroup(name));
        if (!names().contains(name)) {
            throw ApiError.notFound("no consumer group " + name + " on this broker");
        }
        List<Map<String, Object>> queues = queues(name);
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("group", name);
        view.put("totalLag", queues.stream().mapToLong(q -> (long) q.get("lag")).sum());
        view.put("queues", queues);
        view.put("clients", clients(name));
        ConsumerGroup group = state.clients().consumerGroup(name);
        Map<String, String> subscriptions = new LinkedHashMap<>();
        if (group != null) {
            for (Subscription subscription : group.subscriptions().values()) {
                subscriptions.put(subscription.topic(), subscription.expression());
            }
        }
        view.put("subscriptions", subscriptions);
        return view;
    }

    private List<Map<String, Object>> clients(String name) {
        List<Map<String, Object>> clients = new ArrayList<>();
        ConsumerGroup group = state.clients().consumerGroup(name);
        if (group == null) {
            return clients;
        }
        for (ClientChannel member : group.members()) {
            Map<String, Object> client = new LinkedHashMap<>();
            client.put("clientId", member.clientId);
            client.put("address", member.connection.remoteAddress());
            client.put("lastSeenTimestamp", member.lastSeenMillis());
            clients.add(client);
        }
        return clients;
    }

    /** Lag per queue of each topic the group committed to or subscribes. */
    List<Map<String, Object>> queues(String name) {
        Set<String> topics = new TreeSet<>(state.offsets().topicsOf(name));
        ConsumerGroup group = state.clients().consumerGroup(name);
        if (group != null) {
            topics.addAll(group.subscriptions().keySet());
        }
        List<Map<String, Object>> queues = new ArrayList<>();
        for (String topicName : topics) {
            TopicConfig topic = state.topics().get(topicName);
            if (topic == null) {
                continue;
            }
            for (int queueId = 0; queueId < topic.readQueueNums(); queueId++) {
                long brokerOffset = Math.max(0, state.store().maxOffset(topicName, queueId));
                long consumerOffset = Math.max(0, state.offsets().query(name, topicName, queueId));
                Map<String, Object> queue = new LinkedHashMap<>();
                queue.put("topic", topicName);
                queue.put("queueId", queueId);
                queue.put("brokerOffset", brokerOffset);
                queue.put("consumerOffset", consumerOffset);
                queue.put("lag", Math.max(0, brokerOffset - consumerOffset));
                queues.add(queue);
            }
        }
        return queues;
    }
}
