package io.bolide.broker.console;

import com.fasterxml.jackson.databind.JsonNode;
import io.bolide.broker.auth.CallNeeds;
import io.bolide.broker.table.Bodies;
import io.bolide.protocol.body.BodyCodec;
import io.bolide.protocol.body.MessageRequestMode;
import io.bolide.protocol.body.MessageRequestModeSerializeWrapper;
import io.bolide.protocol.body.SetMessageRequestModeRequestBody;
import io.bolide.protocol.body.SubscriptionGroupConfig;
import io.bolide.protocol.code.RequestCode;
import io.netty.handler.codec.http.HttpMethod;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * A consumer group's settings as its subscription group config holds them (consume enabled,
 * orderly, broadcast, retry queues and times, consume timeout) and how it reads each topic (PULL or
 * POP, as {@code mqadmin setConsumeMode}). A change is checked for {@code Group:<group>} Update
 * here (the reference's gate checks UPDATE_AND_CREATE_SUBSCRIPTIONGROUP and
 * SET_MESSAGE_REQUEST_MODE by authentication only), then sent to those two codes' handlers as the
 * user.
 */
final class GroupSettingsApi {
    /** Empty ext fields: GET_ALL_MESSAGE_REQUEST_MODE takes no header. */
    private static final io.bolide.protocol.frame.CommandHeader NO_FIELDS = (out, writer) -> {};

    private static final String[] FLAGS = {
        "consumeEnable", "consumeMessageOrderly", "consumeBroadcastEnable", "consumeFromMinEnable"
    };

    private final ConsoleState state;
    private final Changes changes;
    private final Everywhere everywhere;

    GroupSettingsApi(ConsoleState state, Changes changes, Everywhere everywhere) {
        this.state = state;
        this.changes = changes;
        this.everywhere = everywhere;
    }

    void install(Routes routes) {
        routes.add(HttpMethod.GET, "/api/groups/{group}/settings", this::read);
        routes.add(HttpMethod.PUT, "/api/groups/{group}/settings", this::update);
    }

    private CompletableFuture<Object> read(Request request) {
        String group = request.path("group");
        request.caller().allow(new CallNeeds().getGroup(group));
        return settings(request.caller(), group);
    }

    private CompletableFuture<Object> settings(Caller caller, String group) {
        SubscriptionGroupConfig config = state.groups().get(group);
        SubscriptionGroupConfig shown =
                config == null ? SubscriptionGroupConfig.builder(group).build() : config;
        return changes.call(
                caller,
                RequestCode.GET_ALL_MESSAGE_REQUEST_MODE,
                NO_FIELDS,
                null,
                response -> {
                    Map<String, Object> view = new LinkedHashMap<>();
                    view.put("group", group);
                    view.put("saved", config != null);
                    view.put("consumeEnable", shown.consumeEnable());
                    view.put("consumeMessageOrderly", shown.consumeMessageOrderly());
                    view.put("consumeBroadcastEnable", shown.consumeBroadcastEnable());
                    view.put("consumeFromMinEnable", shown.consumeFromMinEnable());
                    view.put("retryQueueNums", shown.retryQueueNums());
                    view.put("retryMaxTimes", shown.retryMaxTimes());
                    view.put("consumeTimeoutMinute", shown.consumeTimeoutMinute());
                    view.put("modes", modes(response.body(), group));
                    return view;
                });
    }

    private static List<Map<String, Object>> modes(io.netty.buffer.ByteBuf body, String group) {
        List<Map<String, Object>> modes = new ArrayList<>();
        if (body == null || body.readableBytes() == 0) {
            return modes;
        }
        MessageRequestModeSerializeWrapper all =
                BodyCodec.decode(body, MessageRequestModeSerializeWrapper.class);
        all.messageRequestModeMap()
                .forEach(
                        (topic, groups) -> {
                            SetMessageRequestModeRequestBody mode = groups.get(group);
                            if (mode != null) {
                                Map<String, Object> row = new LinkedHashMap<>();
                                row.put("topic", topic);
                                row.put("mode", String.valueOf(mode.mode()));
                                row.put("popShareQueueNum", mode.popShareQueueNum());
                                modes.add(row);
                            }
                        });
        return modes;
    }

    /**
     * Any of the flags and counts, and {@code "modes": [{"topic", "mode": "PULL"|"POP",
     * "popShareQueueNum"}]}; the answer is the settings as they are after the change.
     */
    private CompletableFuture<Object> update(Request request) {
        String group = request.path("group");
        request.caller().allow(new CallNeeds().updateGroup(group));
        JsonNode body = request.jsonBody();
        SubscriptionGroupConfig config = merged(group, body);
        List<SetMessageRequestModeRequestBody> modes = modeChanges(group, body.get("modes"));
        Caller caller = request.caller();
        List<Object> brokers = new ArrayList<>();
        CompletableFuture<Object> chain =
                everywhere
                        .call(
                                caller,
                                RequestCode.UPDATE_AND_CREATE_SUBSCRIPTIONGROUP,
                                NO_FIELDS,
                                bytes(Bodies.json(config)),
                                Set.of(),
                                response -> null)
                        .thenApply(
                                answer -> {
                                    brokers.add(answer);
                                    return answer;
                                });
        for (SetMessageRequestModeRequestBody mode : modes) {
            chain =
                    chain.thenCompose(
                            done ->
                                    everywhere.call(
                                            caller,
                                            RequestCode.SET_MESSAGE_REQUEST_MODE,
                                            NO_FIELDS,
                                            bytes(Bodies.json(mode)),
                                            Set.of(),
                                            response -> null));
        }
        return chain.thenCompose(done -> settings(caller, group))
                .thenApply(view -> withBrokers(view, brokers.get(0)));
    }

    /** The settings with each broker's outcome of the change beside them, partial failure shown. */
    @SuppressWarnings("unchecked")
    private static Object withBrokers(Object view, Object outcome) {
        Map<String, Object> shown = (Map<String, Object>) view;
        shown.putAll((Map<String, Object>) outcome);
        return shown;
    }

    private static byte[] bytes(io.netty.buffer.ByteBuf buffer) {
        try {
            return io.netty.buffer.ByteBufUtil.getBytes(buffer);
        } finally {
            buffer.release();
        }
    }

    private SubscriptionGroupConfig merged(String group, JsonNode body) {
        SubscriptionGroupConfig base = state.groups().get(group);
        if (base == null) {
            base = SubscriptionGroupConfig.builder(group).build();
        }
        boolean[] flags = flags(base, body);
        return SubscriptionGroupConfig.builder(group)
                .consumeEnable(flags[0])
                .consumeMessageOrderly(flags[1])
                .consumeBroadcastEnable(flags[2])
                .consumeFromMinEnable(flags[3])
                .retryQueueNums(
                        Request.intField(body, "retryQueueNums", base.retryQueueNums(), 0, 64))
                .retryMaxTimes(
                        Request.intField(body, "retryMaxTimes", base.retryMaxTimes(), -1, 100))
                .consumeTimeoutMinute(
                        Request.intField(
                                body, "consumeTimeoutMinute", base.consumeTimeoutMinute(), 1, 1440))
                .groupRetryPolicy(base.groupRetryPolicy())
                .brokerId(base.brokerId())
                .whichBrokerWhenConsumeSlowly(base.whichBrokerWhenConsumeSlowly())
                .notifyConsumerIdsChangedEnable(base.notifyConsumerIdsChangedEnable())
                .groupSysFlag(base.groupSysFlag())
                .subscriptionDataSet(base.subscriptionDataSet())
                .attributes(base.attributes())
                .build();
    }

    /** The four flags of {@link #FLAGS}: the body's where it has them, else the base's. */
    private static boolean[] flags(SubscriptionGroupConfig base, JsonNode body) {
        boolean[] flags = {
            base.consumeEnable(),
            base.consumeMessageOrderly(),
            base.consumeBroadcastEnable(),
            base.consumeFromMinEnable()
        };
        for (int i = 0; i < FLAGS.length; i++) {
            JsonNode flag = body.get(FLAGS[i]);
            if (flag != null && !flag.isNull()) {
                if (!flag.isBoolean()) {
                    throw ApiError.badRequest("'" + FLAGS[i] + "' must be true or false");
                }
                flags[i] = flag.booleanValue();
            }
        }
        return flags;
    }

    private List<SetMessageRequestModeRequestBody> modeChanges(String group, JsonNode given) {
        List<SetMessageRequestModeRequestBody> modes = new ArrayList<>();
        if (given == null || given.isNull()) {
            return modes;
        }
        if (!given.isArray()) {
            throw ApiError.badRequest("'modes' must be a list of {topic, mode, popShareQueueNum}");
        }
        for (JsonNode entry : given) {
            if (!entry.isObject()) {
                throw ApiError.badRequest("each of 'modes' must be an object");
            }
            String topic = Request.textField(entry, "topic", null);
            if (topic == null || state.topics().get(topic) == null) {
                throw ApiError.notFound("no topic " + topic + " for the consume mode");
            }
            String mode = Request.textField(entry, "mode", "").toUpperCase(Locale.ROOT);
            if (!mode.equals("PULL") && !mode.equals("POP")) {
                throw ApiError.badRequest("'mode' must be PULL or POP, not '" + mode + "'");
            }
            int share = Request.intField(entry, "popShareQueueNum", 0, 0, 1024);
            modes.add(
                    new SetMessageRequestModeRequestBody(
                            topic, group, MessageRequestMode.valueOf(mode), share));
        }
        return modes;
    }
}
