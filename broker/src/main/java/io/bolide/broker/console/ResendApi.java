package io.bolide.broker.console;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bolide.broker.auth.CallNeeds;
import io.bolide.broker.consumer.ClientChannel;
import io.bolide.broker.consumer.ConsumerGroup;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.ConsumeMessageDirectlyRequestHeader;
import io.bolide.protocol.message.MessageProperty;
import io.bolide.protocol.message.NameRules;
import io.bolide.protocol.message.OffsetMessageId;
import io.bolide.store.QueueEntry;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * A group's dead letters ({@code %DLQ%<group>}) and resending one stored message to a group: the
 * dashboard's and mqadmin's resend, CONSUME_MESSAGE_DIRECTLY (309) sent through the broker's own
 * handler, which has one online client of the group consume the message now and relays its result.
 * Reading dead letters needs {@code Group} Get; the resend is signed as the user and needs what 309
 * needs at the remoting gate: {@code Sub} on the group and on the message's topic (for a dead
 * letter, the topic it was first sent to).
 */
final class ResendApi {
    private final ConsoleState state;
    private final Changes changes;
    private final ObjectMapper json = new ObjectMapper();

    ResendApi(ConsoleState state, Changes changes) {
        this.state = state;
        this.changes = changes;
    }

    void install(Routes routes) {
        routes.sync(HttpMethod.GET, "/api/groups/{group}/dlq", this::deadLetters);
        routes.add(HttpMethod.POST, "/api/groups/{group}/resend", this::resend);
    }

    private Map<String, Object> deadLetters(Request request) {
        String group = request.path("group");
        request.caller().allow(new CallNeeds().getGroup(group));
        String topic = NameRules.DLQ_TOPIC_PREFIX + group;
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("group", group);
        answer.put("topic", topic);
        List<Map<String, Object>> messages = new ArrayList<>();
        answer.put("messages", messages);
        if (state.topics().get(topic) == null) {
            answer.put("total", 0);
            return answer;
        }
        long min = Math.max(0, state.store().minOffset(topic, 0));
        long max = Math.max(0, state.store().maxOffset(topic, 0));
        answer.put("total", max - min);
        long from = request.longParam("offset", min, 0, Long.MAX_VALUE);
        int count =
                (int) request.longParam("max", MessageApi.MAX_MESSAGES, 1, MessageApi.MAX_MESSAGES);
        for (QueueEntry entry : state.store().queueEntries(topic, 0, from, count)) {
            ByteBuf record = state.store().getMessage(entry.physicalOffset(), entry.size());
            if (record != null) {
                try {
                    messages.add(MessageView.of(record));
                } finally {
                    record.release();
                }
            }
        }
        return answer;
    }

    /** {@code {"offsetMsgId": "...", "clientId": "..."}}; without a client, the first online. */
    private CompletableFuture<Object> resend(Request request) {
        String group = request.path("group");
        JsonNode body = request.jsonBody();
        String id = Request.textField(body, "offsetMsgId", null);
        if (id == null || id.isEmpty()) {
            throw ApiError.badRequest("'offsetMsgId' (the stored message's offset id) is required");
        }
        String clientId = Request.textField(body, "clientId", null);
        if (clientId == null || clientId.isEmpty()) {
            clientId = onlineClient(group);
        }
        return resend(request.caller(), group, clientId, id);
    }

    /**
     * Has {@code clientId} of {@code group} consume the stored message {@code id} now, as {@code
     * caller}: CONSUME_MESSAGE_DIRECTLY through the gate.
     */
    CompletableFuture<Object> resend(Caller caller, String group, String clientId, String id) {
        String topic = originalTopic(id);
        ConsumeMessageDirectlyRequestHeader header =
                new ConsumeMessageDirectlyRequestHeader()
                        .consumerGroup(group)
                        .clientId(clientId)
                        .msgId(id)
                        .topic(topic);
        return changes.call(
                caller,
                RequestCode.CONSUME_MESSAGE_DIRECTLY,
                header,
                null,
                response -> result(group, clientId, response));
    }

    /**
     * The topic the resend names: a dead letter's first topic, else the one it is stored in. The
     * message is read only to learn that; whoever may resend it passes the gate on that topic.
     */
    private String originalTopic(String id) {
        long offset;
        try {
            offset = OffsetMessageId.parse(id).offset();
        } catch (ProtocolDecodeException e) {
            throw ApiError.badRequest(
                    "'offsetMsgId' is not an offset message id: " + e.getMessage());
        }
        ByteBuf record = state.store().getMessage(offset);
        if (record == null) {
            throw ApiError.notFound("no message at commit-log offset " + offset);
        }
        try {
            Map<String, Object> view = MessageView.of(record);
            String stored = (String) view.get("topic");
            @SuppressWarnings("unchecked")
            Map<String, String> properties = (Map<String, String>) view.get("properties");
            String first = properties == null ? null : properties.get(MessageProperty.RETRY_TOPIC);
            return stored.startsWith(NameRules.DLQ_TOPIC_PREFIX) && first != null ? first : stored;
        } finally {
            record.release();
        }
    }

    /** The first online client of {@code group}; 409 when none is. */
    String onlineClient(String group) {
        ConsumerGroup consumers = state.clients().consumerGroup(group);
        if (consumers != null) {
            for (ClientChannel member : consumers.members()) {
                if (member.connection.isActive()) {
                    return member.clientId;
                }
            }
        }
        throw new ApiError(
                HttpResponseStatus.CONFLICT,
                "no consumer of group "
                        + group
                        + " is online on this broker: start one, then resend (a resend is"
                        + " consumed by an online client)");
    }

    private Object result(String group, String clientId, RemotingCommand response) {
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("group", group);
        answer.put("clientId", clientId);
        if (response.bodyLength() > 0) {
            try {
                answer.put("result", json.readTree(ByteBufUtil.getBytes(response.body())));
            } catch (IOException e) {
                answer.put("result", null);
            }
        }
        return answer;
    }
}
