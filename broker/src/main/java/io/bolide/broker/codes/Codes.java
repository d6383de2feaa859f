package io.bolide.broker.codes;

import io.bolide.protocol.code.RequestCode;
import io.bolide.remoting.RequestHandler;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Every request code the broker serves, and the feature package that serves it: the one answer to
 * "who serves code N". Each feature's {@code install} registers its codes through {@link
 * #serve(int, RequestHandler)}, which refuses a code missing from {@link #SERVED} or registered
 * twice; {@link #checkComplete()} refuses a listed code nobody registered. So this table and what
 * the server answers cannot drift apart.
 */
public final class Codes {
    /** Code → feature package (under {@code io.bolide.broker}), grouped by feature. */
    public static final Map<Integer, String> SERVED = table();

    private final Sink sink;
    private final Map<Integer, RequestHandler> registered = new LinkedHashMap<>();

    /** Where handlers go: the remoting server's handler table. */
    @FunctionalInterface
    public interface Sink {
        void register(int code, RequestHandler handler);
    }

    public Codes(Sink sink) {
        this.sink = sink;
    }

    /** Serves {@code code} with {@code handler}. */
    public void serve(int code, RequestHandler handler) {
        if (!SERVED.containsKey(code)) {
            throw new IllegalStateException("request code " + code + " is not in Codes.SERVED");
        }
        if (registered.putIfAbsent(code, handler) != null) {
            throw new IllegalStateException("request code " + code + " registered twice");
        }
        sink.register(code, handler);
    }

    /** Fails unless every code of {@link #SERVED} has a handler. */
    public void checkComplete() {
        for (int code : SERVED.keySet()) {
            if (!registered.containsKey(code)) {
                throw new IllegalStateException(
                        "request code " + code + " (" + SERVED.get(code) + ") has no handler");
            }
        }
    }

    /** The handlers registered so far, by code. */
    public Map<Integer, RequestHandler> registered() {
        return Collections.unmodifiableMap(registered);
    }

    private static void pop(Map<Integer, String> t) {
        serves(
                t,
                "pop",
                RequestCode.POP_MESSAGE,
                RequestCode.ACK_MESSAGE,
                RequestCode.BATCH_ACK_MESSAGE,
                RequestCode.CHANGE_MESSAGE_INVISIBLETIME,
                RequestCode.PEEK_MESSAGE);
        serves(
                t,
                "pop",
                RequestCode.NOTIFICATION,
                RequestCode.POLLING_INFO,
                RequestCode.POP_ROLLBACK);
        serves(
                t,
                "pop",
                RequestCode.QUERY_ASSIGNMENT,
                RequestCode.SET_MESSAGE_REQUEST_MODE,
                RequestCode.GET_ALL_MESSAGE_REQUEST_MODE);
    }

    /**
     * Lite Topics (#34); NOTIFY_UNSUBSCRIBE_LITE (200073) goes the other way, to clients, and
     * ACK_LITE_MESSAGE (200072) is served by no 5.5.0 processor (ACK_MESSAGE names the lite topic).
     */
    private static void lite(Map<Integer, String> t) {
        serves(t, "lite.remoting", RequestCode.POP_LITE_MESSAGE, RequestCode.LITE_SUBSCRIPTION_CTL);
        serves(
                t,
                "lite.remoting",
                RequestCode.GET_BROKER_LITE_INFO,
                RequestCode.GET_PARENT_TOPIC_INFO,
                RequestCode.GET_LITE_TOPIC_INFO,
                RequestCode.GET_LITE_CLIENT_INFO,
                RequestCode.GET_LITE_GROUP_INFO,
                RequestCode.TRIGGER_LITE_DISPATCH);
    }

    private static Map<Integer, String> table() {
        Map<Integer, String> t = new LinkedHashMap<>();
        sends(t);
        serves(t, "pull", RequestCode.PULL_MESSAGE, RequestCode.LITE_PULL_MESSAGE);
        serves(t, "consumer", RequestCode.HEART_BEAT, RequestCode.UNREGISTER_CLIENT);
        serves(t, "consumer", RequestCode.GET_CONSUMER_LIST_BY_GROUP);
        serves(
                t,
                "consumer",
                RequestCode.QUERY_CONSUMER_OFFSET,
                RequestCode.UPDATE_CONSUMER_OFFSET);
        serves(t, "consumer", RequestCode.LOCK_BATCH_MQ, RequestCode.UNLOCK_BATCH_MQ);
        groups(t);
        serves(t, "filter", RequestCode.CHECK_CLIENT_CONFIG);
        pop(t);
        serves(t, "retry", RequestCode.CONSUMER_SEND_MSG_BACK);
        serves(
                t,
                "transaction",
                RequestCode.END_TRANSACTION,
                RequestCode.RESUME_CHECK_HALF_MESSAGE);
        serves(t, "delay", RequestCode.RECALL_MESSAGE);
        serves(
                t,
                "topic",
                RequestCode.UPDATE_AND_CREATE_TOPIC,
                RequestCode.UPDATE_AND_CREATE_TOPIC_LIST,
                RequestCode.DELETE_TOPIC_IN_BROKER,
                RequestCode.GET_ALL_TOPIC_CONFIG,
                RequestCode.GET_TOPIC_CONFIG,
                RequestCode.UPDATE_AND_CREATE_STATIC_TOPIC);
        serves(t, "slave", RequestCode.GET_ALL_CONSUMER_OFFSET, RequestCode.GET_ALL_DELAY_OFFSET);
        serves(t, "slave", RequestCode.GET_TIMER_CHECK_POINT, RequestCode.GET_TIMER_METRICS);
        serves(t, "ha", RequestCode.GET_BROKER_HA_STATUS);
        lookupsAndAdmin(t);
        lite(t);
        return Collections.unmodifiableMap(t);
    }

    private static void lookupsAndAdmin(Map<Integer, String> t) {
        serves(
                t,
                "controller",
                RequestCode.GET_BROKER_EPOCH_CACHE,
                RequestCode.NOTIFY_BROKER_ROLE_CHANGED);
        serves(t, "query", RequestCode.QUERY_MESSAGE, RequestCode.VIEW_MESSAGE_BY_ID);
        serves(
                t,
                "query",
                RequestCode.SEARCH_OFFSET_BY_TIMESTAMP,
                RequestCode.GET_MAX_OFFSET,
                RequestCode.GET_MIN_OFFSET,
                RequestCode.GET_EARLIEST_MSG_STORETIME);
        serves(
                t,
                "admin",
                RequestCode.GET_TOPIC_STATS_INFO,
                RequestCode.QUERY_TOPIC_CONSUME_BY_WHO,
                RequestCode.GET_CONSUME_STATS,
                RequestCode.INVOKE_BROKER_TO_RESET_OFFSET);
        serves(
                t,
                "admin",
                RequestCode.GET_CONSUMER_CONNECTION_LIST,
                RequestCode.GET_PRODUCER_CONNECTION_LIST,
                RequestCode.GET_CONSUMER_RUNNING_INFO);
        serves(
                t,
                "admin",
                RequestCode.GET_BROKER_RUNTIME_INFO,
                RequestCode.GET_BROKER_CONFIG,
                RequestCode.UPDATE_BROKER_CONFIG);
        operations(t);
    }

    private static void operations(Map<Integer, String> t) {
        serves(t, "stats", RequestCode.VIEW_BROKER_STATS_DATA);
        serves(
                t,
                "cold",
                RequestCode.UPDATE_COLD_DATA_FLOW_CTR_CONFIG,
                RequestCode.REMOVE_COLD_DATA_FLOW_CTR_CONFIG,
                RequestCode.GET_COLD_DATA_FLOW_CTR_INFO);
        serves(
                t,
                "admin",
                RequestCode.CONSUME_MESSAGE_DIRECTLY,
                RequestCode.INVOKE_BROKER_TO_GET_CONSUMER_STATUS,
                RequestCode.GET_ALL_PRODUCER_INFO,
                RequestCode.GET_BROKER_CONSUME_STATS);
        serves(
                t,
                "admin",
                RequestCode.QUERY_CONSUME_TIME_SPAN,
                RequestCode.QUERY_CONSUME_QUEUE,
                RequestCode.QUERY_CORRECTION_OFFSET,
                RequestCode.CLONE_GROUP_OFFSET,
                RequestCode.GET_SYSTEM_TOPIC_LIST_FROM_BROKER,
                RequestCode.QUERY_TOPICS_BY_CONSUMER,
                RequestCode.QUERY_SUBSCRIPTION_BY_CONSUMER);
        serves(
                t,
                "admin",
                RequestCode.CLEAN_UNUSED_TOPIC,
                RequestCode.CLEAN_EXPIRED_CONSUMEQUEUE,
                RequestCode.DELETE_EXPIRED_COMMITLOG);
        for (int code = RequestCode.AUTH_CREATE_USER; code <= RequestCode.AUTH_LIST_ACL; code++) {
            serves(t, "auth", code);
        }
    }

    /** Consumer group settings and the forbidden table. */
    private static void groups(Map<Integer, String> t) {
        serves(
                t,
                "consumer",
                RequestCode.UPDATE_AND_CREATE_SUBSCRIPTIONGROUP,
                RequestCode.UPDATE_AND_CREATE_SUBSCRIPTIONGROUP_LIST,
                RequestCode.GET_ALL_SUBSCRIPTIONGROUP_CONFIG,
                RequestCode.GET_SUBSCRIPTIONGROUP_CONFIG,
                RequestCode.DELETE_SUBSCRIPTIONGROUP,
                RequestCode.UPDATE_AND_GET_GROUP_FORBIDDEN);
    }

    /** Sends, batches and request-reply's replies (#38). */
    private static void sends(Map<Integer, String> t) {
        serves(t, "send", RequestCode.SEND_MESSAGE, RequestCode.SEND_MESSAGE_V2);
        serves(t, "send", RequestCode.SEND_BATCH_MESSAGE);
        serves(t, "send", RequestCode.SEND_REPLY_MESSAGE, RequestCode.SEND_REPLY_MESSAGE_V2);
    }

    private static void serves(Map<Integer, String> table, String feature, int... codes) {
        for (int code : codes) {
            if (table.put(code, feature) != null) {
                throw new IllegalStateException("request code " + code + " listed twice");
            }
        }
    }
}
