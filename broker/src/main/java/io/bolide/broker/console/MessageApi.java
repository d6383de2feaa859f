package io.bolide.broker.console;

import com.fasterxml.jackson.databind.JsonNode;
import io.bolide.broker.auth.CallNeeds;
import io.bolide.protocol.body.TopicConfig;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.header.SendMessageRequestHeader;
import io.bolide.protocol.header.SendMessageResponseHeader;
import io.bolide.protocol.message.MessageProperties;
import io.bolide.protocol.message.MessageProperty;
import io.bolide.protocol.message.UniqueKeyGenerator;
import io.bolide.store.QueryResult;
import io.bolide.store.QueueEntry;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.HttpMethod;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Messages: one by offsetMsgId, those of a topic by key or by the client's message id (the store's
 * index holds both), those stored in a time range ({@link TimeRange}), a run of a queue from an
 * offset; and a test message sent to a topic through SEND_MESSAGE, as a producer's would be.
 */
final class MessageApi {
    /** At most this many messages per answer. */
    static final int MAX_MESSAGES = 32;

    /** The group a test message names as its producer (nobody checks a non-transactional one). */
    static final String PRODUCER_GROUP = "BOLIDE_CONSOLE";

    private final ConsoleState state;
    private final Changes changes;
    private final UniqueKeyGenerator ids =
            UniqueKeyGenerator.forThisProcess(InetAddress.getLoopbackAddress().getAddress());

    MessageApi(ConsoleState state, Changes changes) {
        this.state = state;
        this.changes = changes;
    }

    void install(Routes routes) {
        routes.sync(HttpMethod.GET, "/api/messages/{id}", this::byOffsetId);
        routes.sync(HttpMethod.GET, "/api/messages", this::find);
        routes.add(HttpMethod.POST, "/api/topics/{topic}/messages", this::send);
    }

    private Map<String, Object> byOffsetId(Request request) {
        long offset = MessageView.offsetOf(request.path("id"));
        ByteBuf record = state.store().getMessage(offset);
        if (record == null) {
            throw ApiError.notFound("no message at commit-log offset " + offset);
        }
        try {
            Map<String, Object> view = MessageView.of(record);
            // VIEW_MESSAGE_BY_ID's need, on the topic the message is stored in.
            request.caller().allow(new CallNeeds().getTopic((String) view.get("topic")));
            return view;
        } finally {
            record.release();
        }
    }

    private List<Map<String, Object>> find(Request request) {
        String topicName = request.param("topic");
        String key = request.param("key", request.param("msgId", null));
        // QUERY_MESSAGE's need by key, VIEW_MESSAGE_BY_ID's for a run of a queue.
        request.caller()
                .allow(
                        key != null
                                ? new CallNeeds().queryTopic(topicName)
                                : new CallNeeds().getTopic(topicName));
        TopicConfig topic = topic(topicName);
        int max = (int) request.longParam("max", MAX_MESSAGES, 1, MAX_MESSAGES);
        if (key != null) {
            return byKey(topic, key, max);
        }
        if (request.param("begin", null) != null || request.param("end", null) != null) {
            long begin = request.longParam("begin", 0, 0, Long.MAX_VALUE);
            long end = request.longParam("end", Long.MAX_VALUE, begin, Long.MAX_VALUE);
            return TimeRange.find(state.store(), topic, begin, end, max);
        }
        int queueId = (int) request.longParam("queueId", -1, 0, topic.readQueueNums() - 1L);
        if (queueId < 0) {
            throw ApiError.badRequest(
                    "give 'key', 'msgId', 'begin' and 'end', or 'queueId' with 'offset'");
        }
        long offset = request.longParam("offset", 0, 0, Long.MAX_VALUE);
        List<Map<String, Object>> views = new ArrayList<>();
        for (QueueEntry entry :
                state.store().queueEntries(topic.topicName(), queueId, offset, max)) {
            ByteBuf record = state.store().getMessage(entry.physicalOffset(), entry.size());
            if (record != null) {
                try {
                    views.add(MessageView.of(record));
                } finally {
                    record.release();
                }
            }
        }
        return views;
    }

    private List<Map<String, Object>> byKey(TopicConfig topic, String key, int max) {
        QueryResult found =
                state.store().queryByKey(topic.topicName(), key, max, 0, Long.MAX_VALUE);
        try {
            List<Map<String, Object>> views = new ArrayList<>();
            for (ByteBuf record : found.messages()) {
                views.add(MessageView.of(record));
            }
            return views;
        } finally {
            found.release();
        }
    }

    private CompletableFuture<Object> send(Request request) {
        // The gate judges the send itself (Pub); a user who may not send learns nothing more.
        if (state.topics().get(request.path("topic")) == null) {
            request.caller().allow(new CallNeeds().pub(request.path("topic")));
        }
        TopicConfig topic = topic(request.path("topic"));
        JsonNode body = request.jsonBody();
        String text = Request.textField(body, "body", null);
        if (text == null) {
            throw ApiError.badRequest("'body' (the message text) is required");
        }
        Map<String, String> properties = new LinkedHashMap<>();
        putIfGiven(properties, MessageProperty.TAGS, Request.textField(body, "tags", null));
        putIfGiven(properties, MessageProperty.KEYS, Request.textField(body, "keys", null));
        properties.put(MessageProperty.WAIT, "true");
        String msgId = ids.next();
        properties.put(MessageProperty.UNIQ_KEY, msgId);
        int queueId =
                Request.intField(body, "queueId", -1, -1, Math.max(0, topic.writeQueueNums() - 1));
        SendMessageRequestHeader header = header(topic, queueId, properties);
        ByteBuf payload = Unpooled.wrappedBuffer(text.getBytes(StandardCharsets.UTF_8));
        return changes.call(
                request.caller(),
                RequestCode.SEND_MESSAGE,
                header,
                payload,
                response -> {
                    SendMessageResponseHeader sent =
                            SendMessageResponseHeader.decode(response.extFields());
                    Map<String, Object> answer = new LinkedHashMap<>();
                    answer.put("msgId", msgId);
                    answer.put("offsetMsgId", sent.msgId());
                    answer.put("queueId", sent.queueId());
                    answer.put("queueOffset", sent.queueOffset());
                    return answer;
                });
    }

    private static SendMessageRequestHeader header(
            TopicConfig topic, int queueId, Map<String, String> properties) {
        return new SendMessageRequestHeader()
                .producerGroup(PRODUCER_GROUP)
                .topic(topic.topicName())
                .defaultTopic("TBW102")
                .defaultTopicQueueNums(topic.writeQueueNums())
                // -1: the broker picks the queue, as for a gRPC producer's message.
                .queueId(queueId)
                .sysFlag(0)
                .bornTimestamp(System.currentTimeMillis())
                .flag(0)
                .properties(MessageProperties.toText(properties))
                .reconsumeTimes(0)
                .batch(false);
    }

    private static void putIfGiven(Map<String, String> properties, String name, String value) {
        if (value == null || value.isEmpty()) {
            return;
        }
        if (value.chars()
                .anyMatch(
                        c ->
                                c == MessageProperties.NAME_VALUE_SEPARATOR
                                        || c == MessageProperties.PROPERTY_SEPARATOR)) {
            throw ApiError.badRequest(
                    "'" + name.toLowerCase(java.util.Locale.ROOT) + "' has control characters");
        }
        properties.put(name, value);
    }

    private TopicConfig topic(String name) {
        TopicConfig topic = state.topics().get(name);
        if (topic == null) {
            throw ApiError.notFound("no topic " + name);
        }
        return topic;
    }
}
