package io.bolide.broker.console;

import com.fasterxml.jackson.databind.JsonNode;
import io.bolide.broker.auth.CallNeeds;
import io.bolide.broker.consumer.ClientChannel;
import io.bolide.broker.consumer.ConsumerGroup;
import io.bolide.protocol.body.TopicConfig;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.header.DeleteSubscriptionGroupRequestHeader;
import io.bolide.protocol.header.ResetOffsetRequestHeader;
import io.bolide.protocol.message.NameRules;
import io.netty.handler.codec.http.HttpMethod;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;

/**
 * A consumer group's offsets reset and the group deleted. A reset goes to
 * INVOKE_BROKER_TO_RESET_OFFSET for each topic (the broker stores the new offsets and tells the
 * online consumers, as {@code mqadmin resetOffsetByTime} does); a delete to
 * DELETE_SUBSCRIPTIONGROUP with its offsets cleaned. Both pass the remoting gate as the user (Group
 * Update and Topic Update for a reset, Group Delete for a delete), on every broker set of the
 * cluster ({@link Everywhere}), each broker's outcome reported.
 */
final class GroupAdminApi {
    private final ConsoleState state;
    private final Everywhere everywhere;

    GroupAdminApi(ConsoleState state, Everywhere everywhere) {
        this.state = state;
        this.everywhere = everywhere;
    }

    void install(Routes routes) {
        routes.add(HttpMethod.POST, "/api/groups/{group}/reset", this::reset);
        routes.add(HttpMethod.DELETE, "/api/groups/{group}", this::delete);
    }

    /** {@code {"topic"?, "to": "earliest"|"latest"|"time", "timestamp"?}}: every topic if none. */
    private CompletableFuture<Object> reset(Request request) {
        String group = request.path("group");
        JsonNode body = request.jsonBody();
        String to = Request.textField(body, "to", null);
        long timestamp = target(to, body);
        String topic = Request.textField(body, "topic", null);
        List<String> topics = topic == null ? topicsOf(group) : List.of(topic);
        for (String name : topics) {
            if (state.topics().get(name) == null) {
                throw ApiError.notFound("no topic " + name);
            }
        }
        if (topics.isEmpty()) {
            throw ApiError.badRequest(
                    "group " + group + " has no topic to reset: name one with 'topic'");
        }
        List<Object> results = new ArrayList<>();
        CompletableFuture<Object> chain = CompletableFuture.completedFuture(null);
        for (String name : topics) {
            chain =
                    chain.thenCompose(done -> resetOne(request.caller(), group, name, timestamp))
                            .thenApply(
                                    result -> {
                                        results.add(result);
                                        return null;
                                    });
        }
        return chain.thenApply(
                done -> {
                    Map<String, Object> answer = new LinkedHashMap<>();
                    answer.put("group", group);
                    answer.put("to", to.toLowerCase(Locale.ROOT));
                    answer.put("timestamp", timestamp);
                    answer.put("topics", results);
                    return answer;
                });
    }

    /** The reset's target time: -1 for the latest, 0 for the earliest, else the given time. */
    private static long target(String to, JsonNode body) {
        if (to == null) {
            throw ApiError.badRequest("'to' is required: \"earliest\", \"latest\" or \"time\"");
        }
        switch (to.toLowerCase(Locale.ROOT)) {
            case "earliest":
                return 0;
            case "latest":
                return -1;
            case "time":
                JsonNode node = body.get("timestamp");
                if (node == null || !node.isIntegralNumber() || node.longValue() < 0) {
                    throw ApiError.badRequest(
                            "'timestamp' (milliseconds since the epoch) is required with"
                                    + " \"to\": \"time\"");
                }
                return node.longValue();
            default:
                throw ApiError.badRequest(
                        "'to' must be \"earliest\", \"latest\" or \"time\", not '" + to + "'");
        }
    }

    private CompletableFuture<Object> resetOne(
            Caller caller, String group, String topic, long timestamp) {
        ResetOffsetRequestHeader header =
                new ResetOffsetRequestHeader()
                        .group(group)
                        .topic(topic)
                        .timestamp(timestamp)
                        .isForce(true);
        return everywhere.call(
                caller,
                RequestCode.INVOKE_BROKER_TO_RESET_OFFSET,
                header,
                null,
                Set.of(ResponseCode.CONSUMER_NOT_ONLINE),
                response -> {
                    Map<String, Object> result = new LinkedHashMap<>();
                    result.put("topic", topic);
                    // Offline: the offsets are stored; the group's consumers read them at start.
                    result.put("consumersNotified", response.code() == ResponseCode.SUCCESS);
                    result.put("offsets", offsets(group, topic));
                    return result;
                });
    }

    private Map<String, Long> offsets(String group, String topic) {
        Map<String, Long> offsets = new LinkedHashMap<>();
        TopicConfig config = state.topics().get(topic);
        int queues = config == null ? 0 : config.writeQueueNums();
        for (int queueId = 0; queueId < queues; queueId++) {
            offsets.put(Integer.toString(queueId), state.offsets().query(group, topic, queueId));
        }
        return offsets;
    }

    /** The topics the group committed to or subscribes, but its retry topic. */
    private List<String> topicsOf(String group) {
        Set<String> topics = new TreeSet<>(state.offsets().topicsOf(group));
        ConsumerGroup online = state.clients().consumerGroup(group);
        if (online != null) {
            topics.addAll(online.subscriptions().keySet());
        }
        topics.removeIf(t -> t.startsWith(NameRules.RETRY_TOPIC_PREFIX));
        return new ArrayList<>(topics);
    }

    private int clientCount(String group) {
        ConsumerGroup online = state.clients().consumerGroup(group);
        int count = 0;
        if (online != null) {
            Iterator<ClientChannel> members = online.members().iterator();
            while (members.hasNext()) {
                members.next();
                count++;
            }
        }
        return count;
    }

    private CompletableFuture<Object> delete(Request request) {
        String group = request.path("group");
        if (state.groups().get(group) == null
                && state.offsets().topicsOf(group).isEmpty()
                && request.caller().allowed(new CallNeeds().getGroup(group))) {
            throw ApiError.notFound("no consumer group " + group + " on this broker");
        }
        int clients = clientCount(group);
        return everywhere.call(
                request.caller(),
                RequestCode.DELETE_SUBSCRIPTIONGROUP,
                new DeleteSubscriptionGroupRequestHeader().groupName(group).cleanOffset(true),
                null,
                Set.of(),
                response -> {
                    Map<String, Object> answer = new LinkedHashMap<>();
                    answer.put("group", group);
                    answer.put("deleted", true);
                    // Its online consumers keep running; their next heartbeat brings it back.
                    answer.put("clientsOnline", clients);
                    return answer;
                });
    }
}
