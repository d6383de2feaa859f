package io.bolide.broker.console;

import com.fasterxml.jackson.databind.JsonNode;
import io.bolide.broker.admin.AdminPlane;
import io.bolide.broker.auth.CallNeeds;
import io.bolide.broker.table.Perm;
import io.bolide.protocol.body.TopicConfig;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.header.CreateTopicRequestHeader;
import io.bolide.protocol.header.TopicRequestHeader;
import io.bolide.protocol.message.NameRules;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;

/**
 * Topics: list (with a search), one topic with the status of each queue, its route as this broker
 * serves it, create, update and delete. Changes go to UPDATE_AND_CREATE_TOPIC and
 * DELETE_TOPIC_IN_BROKER, so they are checked and registered as mqadmin's are, on every broker set
 * of the cluster as {@code mqadmin updateTopic -c} does ({@link Everywhere}).
 */
final class TopicApi {
    /** Queue counts a console change may ask for (the reference's tools allow as many). */
    static final int MAX_QUEUES = 1024;

    private final ConsoleState state;
    private final Everywhere everywhere;

    TopicApi(ConsoleState state, Everywhere everywhere) {
        this.state = state;
        this.everywhere = everywhere;
    }

    void install(Routes routes) {
        routes.sync(HttpMethod.GET, "/api/topics", this::list);
        routes.add(HttpMethod.POST, "/api/topics", this::create);
        routes.sync(HttpMethod.GET, "/api/topics/{topic}", this::status);
        routes.add(HttpMethod.PUT, "/api/topics/{topic}", this::update);
        routes.add(HttpMethod.DELETE, "/api/topics/{topic}", this::delete);
        routes.sync(HttpMethod.GET, "/api/topics/{topic}/route", this::route);
    }

    private List<Map<String, Object>> list(Request request) {
        String search = request.param("search", "").toLowerCase(Locale.ROOT);
        List<Map<String, Object>> list = new ArrayList<>();
        for (TopicConfig topic : new TreeMap<>(state.topics().all()).values()) {
            // A Normal user sees the topics whose settings its policies let it read.
            if (topic.topicName().toLowerCase(Locale.ROOT).contains(search)
                    && request.caller().allowed(new CallNeeds().getTopic(topic.topicName()))) {
                Map<String, Object> row = describe(topic);
                row.put("putTps", state.traffic().topicPutTps(topic.topicName()));
                list.add(row);
            }
        }
        return list;
    }

    private Map<String, Object> status(Request request) {
        request.caller().allow(new CallNeeds().getTopic(request.path("topic")));
        TopicConfig topic = existing(request.path("topic"));
        Map<String, Object> view = describe(topic);
        List<Map<String, Object>> queues = new ArrayList<>();
        int count = Math.max(topic.readQueueNums(), topic.writeQueueNums());
        for (int queueId = 0; queueId < count; queueId++) {
            long min = Math.max(0, state.store().minOffset(topic.topicName(), queueId));
            long max = Math.max(0, state.store().maxOffset(topic.topicName(), queueId));
            Map<String, Object> queue = new LinkedHashMap<>();
            queue.put("queueId", queueId);
            queue.put("minOffset", min);
            queue.put("maxOffset", max);
            queue.put(
                    "lastUpdateTimestamp",
                    max > min
                            ? state.store().storeTimestamp(topic.topicName(), queueId, max - 1)
                            : 0);
            queues.add(queue);
        }
        view.put("queues", queues);
        return view;
    }

    private Map<String, Object> route(Request request) {
        request.caller().allow(new CallNeeds().pubOrSub(request.path("topic")));
        TopicConfig topic = existing(request.path("topic"));
        Map<String, Object> broker = new LinkedHashMap<>();
        broker.put("cluster", state.config().brokerClusterName());
        broker.put("brokerName", state.config().brokerName());
        broker.put(
                "brokerAddrs", Map.of(Long.toString(state.config().brokerId()), state.address()));
        Map<String, Object> queue = new LinkedHashMap<>();
        queue.put("brokerName", state.config().brokerName());
        queue.put("readQueueNums", topic.readQueueNums());
        queue.put("writeQueueNums", topic.writeQueueNums());
        queue.put("perm", topic.perm());
        Map<String, Object> route = new LinkedHashMap<>();
        route.put("topic", topic.topicName());
        route.put("brokerDatas", List.of(broker));
        route.put("queueDatas", List.of(queue));
        return route;
    }

    private CompletableFuture<Object> create(Request request) {
        JsonNode body = request.jsonBody();
        String name = Request.textField(body, "topic", null);
        if (name == null) {
            throw ApiError.badRequest("'topic' (the new topic's name) is required");
        }
        String problem = NameRules.topicProblem(name);
        if (problem != null) {
            throw ApiError.badRequest(problem);
        }
        // Only a user who may read the topic learns that it exists; the gate judges the others.
        if (state.topics().get(name) != null
                && request.caller().allowed(new CallNeeds().getTopic(name))) {
            throw new ApiError(
                    HttpResponseStatus.CONFLICT,
                    "topic " + name + " exists: PUT /api/topics/" + name + " updates it");
        }
        return save(request.caller(), name, body, TopicConfig.builder(name).build());
    }

    private CompletableFuture<Object> update(Request request) {
        request.caller().allow(new CallNeeds().getTopic(request.path("topic")));
        TopicConfig topic = existing(request.path("topic"));
        return save(request.caller(), topic.topicName(), request.jsonBody(), topic);
    }

    /** Creates or replaces {@code name}: fields of {@code body} over those of {@code base}. */
    private CompletableFuture<Object> save(
            Caller caller, String name, JsonNode body, TopicConfig base) {
        int read = Request.intField(body, "readQueueNums", base.readQueueNums(), 1, MAX_QUEUES);
        int write = Request.intField(body, "writeQueueNums", base.writeQueueNums(), 1, MAX_QUEUES);
        int perm = Request.intField(body, "perm", base.perm(), 0, Perm.READ | Perm.WRITE | 1);
        JsonNode order = body.get("order");
        if (order != null && !order.isBoolean()) {
            throw ApiError.badRequest("'order' must be true or false");
        }
        CreateTopicRequestHeader header =
                new CreateTopicRequestHeader()
                        .topic(name)
                        .defaultTopic("TBW102")
                        .readQueueNums(read)
                        .writeQueueNums(write)
                        .perm(perm)
                        .topicFilterType("SINGLE_TAG")
                        .topicSysFlag(base.topicSysFlag())
                        .order(order == null ? base.order() : order.booleanValue())
                        .attributes(attributes(body, base.attributes()));
        return everywhere.call(
                caller,
                RequestCode.UPDATE_AND_CREATE_TOPIC,
                header,
                null,
                Set.of(),
                response -> describe(state.topics().get(name)));
    }

    /** The admin's {@code +key=value,...} text from a JSON object of attributes over the old. */
    private static String attributes(JsonNode body, Map<String, String> old) {
        Map<String, String> merged = new TreeMap<>(old);
        JsonNode given = body.get("attributes");
        if (given != null && !given.isNull()) {
            if (!given.isObject()) {
                throw ApiError.badRequest("'attributes' must be an object of strings");
            }
            for (Map.Entry<String, JsonNode> field : given.properties()) {
                String key = field.getKey();
                if (!field.getValue().isTextual() || !clean(key)) {
                    throw ApiError.badRequest("attribute '" + key + "' must be a plain string");
                }
                String value = field.getValue().textValue();
                if (!clean(value)) {
                    throw ApiError.badRequest("attribute '" + key + "' has ',' '=' or '+' in it");
                }
                merged.put(key, value);
            }
        }
        StringBuilder text = new StringBuilder();
        merged.forEach(
                (k, v) ->
                        text.append(text.length() == 0 ? "+" : ",+")
                                .append(k)
                                .append('=')
                                .append(v));
        return text.toString();
    }

    private static boolean clean(String text) {
        return !text.isEmpty()
                && text.chars().noneMatch(c -> c == ',' || c == '=' || c == '+' || c < 32);
    }

    private CompletableFuture<Object> delete(Request request) {
        request.caller().allow(new CallNeeds().getTopic(request.path("topic")));
        TopicConfig topic = existing(request.path("topic"));
        return everywhere.call(
                request.caller(),
                RequestCode.DELETE_TOPIC_IN_BROKER,
                new TopicRequestHeader().topic(topic.topicName()),
                null,
                Set.of(),
                response -> Map.of("deleted", topic.topicName()));
    }

    private TopicConfig existing(String name) {
        TopicConfig topic = state.topics().get(name);
        if (topic == null) {
            throw ApiError.notFound("no topic " + name);
        }
        return topic;
    }

    static Map<String, Object> describe(TopicConfig topic) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("topic", topic.topicName());
        row.put("readQueueNums", topic.readQueueNums());
        row.put("writeQueueNums", topic.writeQueueNums());
        row.put("perm", topic.perm());
        row.put("order", topic.order());
        row.put("messageType", topic.attributes().getOrDefault("message.type", "NORMAL"));
        row.put("attributes", topic.attributes());
        row.put(
                "system",
                topic.topicSysFlag() != 0
                        || AdminPlane.isSystemTopic(topic.topicName())
                        || topic.topicName().startsWith("%RETRY%")
                        || topic.topicName().startsWith("%DLQ%"));
        return row;
    }
}
