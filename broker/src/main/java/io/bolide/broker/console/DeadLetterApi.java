package io.bolide.broker.console;

import com.fasterxml.jackson.databind.JsonNode;
import io.bolide.broker.auth.CallNeeds;
import io.bolide.protocol.body.TopicConfig;
import io.bolide.protocol.message.NameRules;
import io.bolide.store.QueueEntry;
import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * Every dead-letter queue of the broker ({@code %DLQ%<group>} topics) and resending all of a
 * group's dead letters at once, one CONSUME_MESSAGE_DIRECTLY after the other, each through the gate
 * as the user (as the dashboard's batch resend). The list shows only the groups the user may read
 * ({@code Group} Get); a resend the gate refuses (403) stops the batch.
 */
final class DeadLetterApi {
    /** Most dead letters one resend-all request resends (the oldest first). */
    static final int MAX_RESEND = 256;

    private final ConsoleState state;
    private final ResendApi resend;

    DeadLetterApi(ConsoleState state, ResendApi resend) {
        this.state = state;
        this.resend = resend;
    }

    void install(Routes routes) {
        routes.sync(HttpMethod.GET, "/api/dlq", this::all);
        routes.add(HttpMethod.POST, "/api/groups/{group}/dlq/resend", this::resendAll);
    }

    private List<Map<String, Object>> all(Request request) {
        String search = request.param("search", "");
        List<Map<String, Object>> rows = new ArrayList<>();
        for (TopicConfig topic : new TreeMap<>(state.topics().all()).values()) {
            String name = topic.topicName();
            if (!name.startsWith(NameRules.DLQ_TOPIC_PREFIX) || !name.contains(search)) {
                continue;
            }
            String group = name.substring(NameRules.DLQ_TOPIC_PREFIX.length());
            if (!request.caller().allowed(new CallNeeds().getGroup(group))) {
                continue;
            }
            long total = 0;
            long lastStored = 0;
            for (int queue = 0; queue < topic.readQueueNums(); queue++) {
                long min = Math.max(0, state.store().minOffset(name, queue));
                long max = Math.max(0, state.store().maxOffset(name, queue));
                total += max - min;
                if (max > min) {
                    lastStored =
                            Math.max(
                                    lastStored, state.store().storeTimestamp(name, queue, max - 1));
                }
            }
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("group", group);
            row.put("topic", name);
            row.put("queues", topic.readQueueNums());
            row.put("total", total);
            row.put("lastStoreTimestamp", lastStored == 0 ? null : lastStored);
            rows.add(row);
        }
        return rows;
    }

    /** {@code {"clientId": "..."}} or no body: the first online client of the group. */
    private CompletableFuture<Object> resendAll(Request request) {
        String group = request.path("group");
        Caller caller = request.caller();
        caller.allow(new CallNeeds().getGroup(group));
        String clientId = null;
        if (request.hasBody()) {
            JsonNode body = request.jsonBody();
            clientId = Request.textField(body, "clientId", null);
        }
        if (clientId == null || clientId.isEmpty()) {
            clientId = resend.onlineClient(group);
        }
        List<String> ids = deadLetterIds(NameRules.DLQ_TOPIC_PREFIX + group);
        List<Map<String, Object>> results = new ArrayList<>();
        String chosen = clientId;
        CompletableFuture<Void> chain = CompletableFuture.completedFuture(null);
        for (String id : ids) {
            chain =
                    chain.thenCompose(
                            done ->
                                    resend.resend(caller, group, chosen, id)
                                            .handle((answer, failure) -> note(id, answer, failure))
                                            .thenAccept(results::add));
        }
        return chain.thenApply(done -> summary(group, chosen, results));
    }

    /** The offset ids of the oldest {@link #MAX_RESEND} dead letters in {@code topic}. */
    private List<String> deadLetterIds(String topic) {
        List<String> ids = new ArrayList<>();
        TopicConfig config = state.topics().get(topic);
        if (config == null) {
            return ids;
        }
        for (int queue = 0; queue < config.readQueueNums() && ids.size() < MAX_RESEND; queue++) {
            long from = Math.max(0, state.store().minOffset(topic, queue));
            int count = MAX_RESEND - ids.size();
            for (QueueEntry entry : state.store().queueEntries(topic, queue, from, count)) {
                ByteBuf record = state.store().getMessage(entry.physicalOffset(), entry.size());
                if (record != null) {
                    try {
                        ids.add((String) MessageView.of(record).get("offsetMsgId"));
                    } finally {
                        record.release();
                    }
                }
            }
        }
        return ids;
    }

    /** One message's outcome; a refusal by the user's policies stops the batch. */
    private static Map<String, Object> note(String id, Object answer, Throwable failure) {
        Throwable cause = failure instanceof CompletionException ? failure.getCause() : failure;
        if (cause instanceof ApiError refused
                && refused.status().equals(HttpResponseStatus.FORBIDDEN)) {
            throw refused;
        }
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("offsetMsgId", id);
        if (cause != null) {
            row.put("error", cause.getMessage());
            return row;
        }
        Object result = answer instanceof Map<?, ?> map ? map.get("result") : null;
        JsonNode outcome = result instanceof JsonNode node ? node.get("consumeResult") : null;
        row.put("consumeResult", outcome == null ? null : outcome.asText());
        return row;
    }

    private static Map<String, Object> summary(
            String group, String clientId, List<Map<String, Object>> results) {
        long resent =
                results.stream().filter(r -> "CR_SUCCESS".equals(r.get("consumeResult"))).count();
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("group", group);
        answer.put("clientId", clientId);
        answer.put("total", results.size());
        answer.put("resent", resent);
        answer.put("failed", results.size() - resent);
        answer.put("results", results);
        return answer;
    }
}
