package io.bolide.broker.auth;

import static io.bolide.broker.auth.Action.CREATE;
import static io.bolide.broker.auth.Action.DELETE;
import static io.bolide.broker.auth.Action.GET;
import static io.bolide.broker.auth.Action.PUB;
import static io.bolide.broker.auth.Action.SUB;
import static io.bolide.broker.auth.Action.UPDATE;

import io.bolide.protocol.body.BodyCodec;
import io.bolide.protocol.body.ConsumerData;
import io.bolide.protocol.body.HeartbeatData;
import io.bolide.protocol.body.LockBatchRequestBody;
import io.bolide.protocol.body.MessageQueue;
import io.bolide.protocol.body.SubscriptionData;
import io.bolide.protocol.body.UnlockBatchRequestBody;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.RemotingCommand;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * Request code → the resources and actions the reference authorizes for it. The message codes are
 * decided in code by the reference (its remoting context builder's switch), the others by the
 * annotations on their request header classes: the action list on the class, the resource fields in
 * declaration order, the {@code Cluster} when no field names one. A code with neither is checked by
 * authentication only, as in the reference: among those Bolide serves 18, 21, 25, 26, 28, 43, 45,
 * 46, 200, 201, 305, 306, 316 and 329. One deliberate exception: LITE_PULL_MESSAGE (361) reads
 * messages exactly as PULL_MESSAGE does, so it needs what 11 needs; the reference leaves it
 * unchecked, which lets any authenticated user read a topic its policy denies; likewise the Lite
 * Topic codes (see {@link #liteCodes}). AuthorizationTableDifferentialTest derives this table from
 * the reference's jars and compares.
 */
final class RequestResources {
    /** Reads one request's needs into {@link Needs}. */
    @FunctionalInterface
    interface Reader {
        void read(RemotingCommand request, Needs needs);
    }

    /** A header field the reference annotates as a resource; {@code splitter} for a list. */
    private record Field(byte[] key, ResourceType type, String splitter) {}

    private static final byte[] TOPIC = key("topic");
    private static final byte[] SHORT_TOPIC = key("b");
    private static final byte[] GROUP = key("group");
    private static final byte[] CONSUMER_GROUP = key("consumerGroup");

    private final Map<Integer, Reader> readers = new HashMap<>();

    RequestResources(String clusterName) {
        messageCodes();
        consumerCodes();
        annotatedCodes();
        clusterCodes(clusterName);
    }

    /**
     * Adds what {@code request} needs to {@code needs}: nothing for a code the reference does not
     * authorize, nor for a request without ext fields or with an empty set (the reference builds no
     * check for one).
     */
    void read(RemotingCommand request, Needs needs) {
        Reader reader = readers.get(request.code());
        if (reader != null && request.extFields().next()) {
            reader.read(request, needs);
        }
    }

    /** The codes the reference decides in code, from the request's fields or body. */
    private void messageCodes() {
        int pub = PUB.bit();
        int sub = SUB.bit();
        readers.put(RequestCode.SEND_MESSAGE, (r, n) -> send(n, value(r, TOPIC)));
        readers.put(RequestCode.SEND_MESSAGE_V2, (r, n) -> send(n, value(r, SHORT_TOPIC)));
        readers.put(RequestCode.SEND_BATCH_MESSAGE, (r, n) -> send(n, value(r, SHORT_TOPIC)));
        // Decided in the reference's switch, not from its header's annotation: Pub on the topic.
        readers.put(RequestCode.RECALL_MESSAGE, (r, n) -> n.topic(value(r, TOPIC), pub));
        readers.put(
                RequestCode.END_TRANSACTION,
                (r, n) -> {
                    String topic = value(r, TOPIC);
                    if (topic != null && !topic.isBlank()) {
                        n.topic(topic, pub);
                    }
                });
        readers.put(RequestCode.CONSUMER_SEND_MSG_BACK, (r, n) -> n.group(value(r, GROUP), sub));
        Reader pull =
                (r, n) -> {
                    n.topicUnlessRetry(value(r, TOPIC), sub);
                    n.group(value(r, CONSUMER_GROUP), sub);
                };
        readers.put(RequestCode.PULL_MESSAGE, pull);
        readers.put(RequestCode.LITE_PULL_MESSAGE, pull); // stricter than the reference: see above
        readers.put(RequestCode.QUERY_MESSAGE, (r, n) -> n.topic(value(r, TOPIC), sub | GET.bit()));
        readers.put(RequestCode.HEART_BEAT, RequestResources::heartbeat);
        readers.put(RequestCode.LOCK_BATCH_MQ, RequestResources::lock);
        readers.put(RequestCode.UNLOCK_BATCH_MQ, RequestResources::unlock);
    }

    /** The consumer codes the reference also decides in code. */
    private void consumerCodes() {
        int sub = SUB.bit();
        readers.put(
                RequestCode.UNREGISTER_CLIENT,
                (r, n) -> {
                    String group = value(r, CONSUMER_GROUP);
                    if (group != null && !group.isBlank()) {
                        n.group(group, sub);
                    }
                });
        readers.put(
                RequestCode.GET_CONSUMER_LIST_BY_GROUP,
                (r, n) -> n.group(value(r, CONSUMER_GROUP), sub | GET.bit()));
        offsets(RequestCode.QUERY_CONSUMER_OFFSET, sub | GET.bit());
        offsets(RequestCode.UPDATE_CONSUMER_OFFSET, sub | UPDATE.bit());
    }

    /** The codes whose request headers the reference annotates with topic and group fields. */
    private void annotatedCodes() {
        int get = GET.bit();
        Field topic = topic("topic");
        Field group = group("group");
        Field consumerGroup = group("consumerGroup");
        topicCodes(topic);
        annotated(RequestCode.GET_SUBSCRIPTIONGROUP_CONFIG, get, group);
        annotated(RequestCode.DELETE_SUBSCRIPTIONGROUP, DELETE.bit(), group("groupName"));
        annotated(RequestCode.UPDATE_AND_GET_GROUP_FORBIDDEN, UPDATE.bit(), group, topic);
        annotated(RequestCode.INVOKE_BROKER_TO_RESET_OFFSET, UPDATE.bit(), group, topic);
        annotated(RequestCode.GET_CONSUMER_CONNECTION_LIST, get, consumerGroup);
        annotated(RequestCode.GET_CONSUMER_RUNNING_INFO, get, consumerGroup);
        annotated(
                RequestCode.GET_CONSUME_STATS,
                get,
                consumerGroup,
                topic,
                new Field(key("topicList"), ResourceType.TOPIC, ";"));
        annotated(RequestCode.CONSUME_MESSAGE_DIRECTLY, SUB.bit(), consumerGroup, topic);
        annotated(RequestCode.INVOKE_BROKER_TO_GET_CONSUMER_STATUS, get, topic, group);
        annotated(RequestCode.QUERY_CONSUME_TIME_SPAN, get, topic, group);
        annotated(RequestCode.QUERY_CONSUME_QUEUE, get, topic, consumerGroup);
        annotated(RequestCode.CLONE_GROUP_OFFSET, UPDATE.bit(), group("destGroup"), topic);
        annotated(RequestCode.QUERY_TOPICS_BY_CONSUMER, get, group);
        annotated(RequestCode.QUERY_SUBSCRIPTION_BY_CONSUMER, get, group, topic);
        annotated(
                RequestCode.QUERY_CORRECTION_OFFSET,
                get,
                new Field(key("filterGroups"), ResourceType.GROUP, ","),
                group("compareGroup"),
                topic);
        popCodes(topic, consumerGroup);
        liteCodes(topic, group, consumerGroup);
    }

    /**
     * The Lite Topic codes (#34) whose 5.5.0 headers annotate resources but no action, which the
     * reference therefore leaves unchecked: Bolide checks the annotated fields, Sub for what reads
     * or dispatches messages (as POP_MESSAGE), Get for what reports. LITE_SUBSCRIPTION_CTL and the
     * broker, lite topic and client reports annotate nothing: authentication only, as in the
     * reference (a subscription reads nothing until its pops).
     */
    private void liteCodes(Field topic, Field group, Field consumerGroup) {
        int sub = SUB.bit();
        annotated(RequestCode.POP_LITE_MESSAGE, sub, consumerGroup, topic);
        annotated(RequestCode.GET_PARENT_TOPIC_INFO, GET.bit(), topic);
        annotated(RequestCode.GET_LITE_GROUP_INFO, GET.bit(), group);
        annotated(RequestCode.TRIGGER_LITE_DISPATCH, sub, group);
    }

    /** The codes whose headers the reference annotates with the topic alone. */
    private void topicCodes(Field topic) {
        int get = GET.bit();
        annotated(RequestCode.UPDATE_AND_CREATE_TOPIC, CREATE.bit(), topic);
        annotated(RequestCode.DELETE_TOPIC_IN_BROKER, DELETE.bit(), topic);
        annotated(RequestCode.RESUME_CHECK_HALF_MESSAGE, UPDATE.bit(), topic);
        for (int code :
                new int[] {
                    RequestCode.GET_TOPIC_CONFIG,
                    RequestCode.VIEW_MESSAGE_BY_ID,
                    RequestCode.SEARCH_OFFSET_BY_TIMESTAMP,
                    RequestCode.GET_MAX_OFFSET,
                    RequestCode.GET_MIN_OFFSET,
                    RequestCode.GET_EARLIEST_MSG_STORETIME,
                    RequestCode.GET_TOPIC_STATS_INFO,
                    RequestCode.QUERY_TOPIC_CONSUME_BY_WHO
                }) {
            annotated(code, get, topic);
        }
    }

    /**
     * POP: Sub on the group, then the topic (PEEK the other way round), Get for POLLING_INFO, as
     * annotated; BATCH_ACK_MESSAGE and POP_ROLLBACK have no header, so authentication alone.
     */
    private void popCodes(Field topic, Field consumerGroup) {
        int sub = SUB.bit();
        annotated(RequestCode.POP_MESSAGE, sub, consumerGroup, topic);
        annotated(RequestCode.NOTIFICATION, sub, consumerGroup, topic);
        annotated(RequestCode.POLLING_INFO, GET.bit(), consumerGroup, topic);
        annotated(RequestCode.ACK_MESSAGE, sub, consumerGroup, topic);
        annotated(RequestCode.CHANGE_MESSAGE_INVISIBLETIME, sub, consumerGroup, topic);
        annotated(RequestCode.PEEK_MESSAGE, sub, topic, consumerGroup);
    }

    /** The codes whose headers the reference annotates with the {@code Cluster} resource alone. */
    private void clusterCodes(String clusterName) {
        int get = GET.bit();
        for (int code :
                new int[] {
                    RequestCode.GET_PRODUCER_CONNECTION_LIST,
                    RequestCode.GET_ALL_PRODUCER_INFO,
                    RequestCode.GET_BROKER_CONSUME_STATS,
                    RequestCode.VIEW_BROKER_STATS_DATA,
                    RequestCode.AUTH_GET_USER,
                    RequestCode.AUTH_LIST_USER,
                    RequestCode.AUTH_GET_ACL,
                    RequestCode.AUTH_LIST_ACL
                }) {
            readers.put(code, (r, n) -> n.add(ResourceType.CLUSTER, clusterName, get));
        }
        int update = UPDATE.bit();
        for (int code :
                new int[] {
                    RequestCode.AUTH_CREATE_USER,
                    RequestCode.AUTH_UPDATE_USER,
                    RequestCode.AUTH_DELETE_USER,
                    RequestCode.AUTH_CREATE_ACL,
                    RequestCode.AUTH_UPDATE_ACL,
                    RequestCode.AUTH_DELETE_ACL,
                    // A controller's push of a new master: only a peer allowed to change the
                    // cluster.
                    RequestCode.NOTIFY_BROKER_ROLE_CHANGED
                }) {
            readers.put(code, (r, n) -> n.add(ResourceType.CLUSTER, clusterName, update));
        }
    }

    private void offsets(int code, int bits) {
        readers.put(
                code,
                (r, n) -> {
                    n.topicUnlessRetry(value(r, TOPIC), bits);
                    n.group(value(r, CONSUMER_GROUP), bits);
                });
    }

    /**
     * A header the reference annotates: each field present, in order, needs {@code bits}; a topic
     * field holding a retry topic names its group; a list field names each of its non-empty parts.
     */
    private void annotated(int code, int bits, Field... fields) {
        readers.put(
                code,
                (r, n) -> {
                    for (Field field : fields) {
                        String value = value(r, field.key());
                        if (value == null) {
                            continue;
                        }
                        if (field.splitter() == null) {
                            annotatedValue(n, field.type(), value, bits);
                            continue;
                        }
                        for (String part : value.split(field.splitter(), -1)) {
                            if (!part.isEmpty()) {
                                annotatedValue(n, field.type(), part, bits);
                            }
                        }
                    }
                });
    }

    private static void annotatedValue(Needs n, ResourceType type, String value, int bits) {
        if (type == ResourceType.TOPIC) {
            n.topicOrRetryGroup(value, bits);
        } else {
            n.literalGroup(value, bits);
        }
    }

    private static Field topic(String key) {
        return new Field(key(key), ResourceType.TOPIC, null);
    }

    private static Field group(String key) {
        return new Field(key(key), ResourceType.GROUP, null);
    }

    private static void send(Needs n, String topic) {
        if (Needs.isRetry(topic)) {
            n.group(topic, SUB.bit());
        } else {
            n.topic(topic, PUB.bit());
        }
    }

    private static void heartbeat(RemotingCommand r, Needs n) {
        if (r.bodyLength() == 0) {
            return;
        }
        HeartbeatData data = BodyCodec.decode(r.body(), HeartbeatData.class);
        for (ConsumerData consumer : data.consumerDataSet()) {
            n.group(consumer.groupName(), SUB.bit());
            for (SubscriptionData subscription : consumer.subscriptionDataSet()) {
                n.topicUnlessRetry(subscription.topic(), SUB.bit());
            }
        }
    }

    private static void lock(RemotingCommand r, Needs n) {
        LockBatchRequestBody body = BodyCodec.decode(r.body(), LockBatchRequestBody.class);
        queues(n, body.consumerGroup(), body.mqSet());
    }

    private static void unlock(RemotingCommand r, Needs n) {
        UnlockBatchRequestBody body = BodyCodec.decode(r.body(), UnlockBatchRequestBody.class);
        queues(n, body.consumerGroup(), body.mqSet());
    }

    private static void queues(Needs n, String group, Iterable<MessageQueue> queues) {
        n.group(group, SUB.bit());
        for (MessageQueue queue : queues) {
            n.topicUnlessRetry(queue.topic(), SUB.bit());
        }
    }

    /** The value of ext field {@code key} (the last one, as a map keeps), or null. */
    static String value(RemotingCommand request, byte[] key) {
        String value = null;
        ExtFieldCursor fields = request.extFields();
        while (fields.next()) {
            if (fields.keyIs(key)) {
                value = fields.valueAsString();
            }
        }
        return value;
    }

    private static byte[] key(String name) {
        return name.getBytes(StandardCharsets.US_ASCII);
    }
}
