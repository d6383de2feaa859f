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
import io.bolide.protocol.body.SubscriptionGroupConfig;
import io.bolide.protocol.body.UnlockBatchRequestBody;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.RemotingCommand;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * Request code → the resources and actions the reference authorizes for it (its remoting context
 * builder: a switch for the message codes, the header annotations for the rest). A code absent here
 * is checked by authentication only, as in the reference: 25, 26, 28, 46, 200, 201, 21 and 361
 * among those Bolide serves.
 */
final class RequestResources {
    /** Reads one request's needs into {@link Needs}. */
    @FunctionalInterface
    interface Reader {
        void read(RemotingCommand request, Needs needs);
    }

    private static final byte[] TOPIC = key("topic");
    private static final byte[] SHORT_TOPIC = key("b");
    private static final byte[] GROUP = key("group");
    private static final byte[] GROUP_NAME = key("groupName");
    private static final byte[] CONSUMER_GROUP = key("consumerGroup");
    private static final byte[] TOPIC_LIST = key("topicList");
    private static final byte[] DEST_GROUP = key("destGroup");

    private final Map<Integer, Reader> readers = new HashMap<>();

    RequestResources(String clusterName) {
        messageCodes();
        groupCodes();
        topicCodes();
        int get = GET.bit();
        int update = UPDATE.bit();
        clusterCodes(clusterName);
        operationCodes(get);
        readers.put(
                RequestCode.UPDATE_AND_CREATE_SUBSCRIPTIONGROUP,
                (r, n) ->
                        n.group(
                                BodyCodec.decode(r.body(), SubscriptionGroupConfig.class)
                                        .groupName(),
                                update));
        for (int code = RequestCode.AUTH_CREATE_USER; code <= RequestCode.AUTH_LIST_ACL; code++) {
            boolean reads =
                    code == RequestCode.AUTH_GET_USER
                            || code == RequestCode.AUTH_LIST_USER
                            || code == RequestCode.AUTH_GET_ACL
                            || code == RequestCode.AUTH_LIST_ACL;
            cluster(code, clusterName, reads ? get : update);
        }
    }

    /** The reader for {@code code}, or null when the code needs no authorization. */
    Reader reader(int code) {
        return readers.get(code);
    }

    private void cluster(int code, String clusterName, int bits) {
        readers.put(code, (r, n) -> n.add(ResourceType.CLUSTER, clusterName, bits));
    }

    private void messageCodes() {
        int pub = PUB.bit();
        int sub = SUB.bit();
        readers.put(RequestCode.SEND_MESSAGE, (r, n) -> send(n, value(r, TOPIC)));
        readers.put(RequestCode.SEND_MESSAGE_V2, (r, n) -> send(n, value(r, SHORT_TOPIC)));
        readers.put(RequestCode.SEND_BATCH_MESSAGE, (r, n) -> send(n, value(r, SHORT_TOPIC)));
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
        readers.put(RequestCode.LITE_PULL_MESSAGE, pull);
        readers.put(RequestCode.QUERY_MESSAGE, (r, n) -> n.topic(value(r, TOPIC), sub | GET.bit()));
        readers.put(RequestCode.HEART_BEAT, RequestResources::heartbeat);
        readers.put(RequestCode.LOCK_BATCH_MQ, RequestResources::lock);
        readers.put(RequestCode.UNLOCK_BATCH_MQ, RequestResources::unlock);
    }

    private void groupCodes() {
        int sub = SUB.bit();
        int get = GET.bit();
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
                (r, n) -> n.group(value(r, CONSUMER_GROUP), sub | get));
        offsets(RequestCode.QUERY_CONSUMER_OFFSET, sub | get);
        offsets(RequestCode.UPDATE_CONSUMER_OFFSET, sub | UPDATE.bit());
        annotated(RequestCode.GET_SUBSCRIPTIONGROUP_CONFIG, GROUP, null, get);
        annotated(RequestCode.DELETE_SUBSCRIPTIONGROUP, GROUP_NAME, null, DELETE.bit());
        annotated(RequestCode.INVOKE_BROKER_TO_RESET_OFFSET, GROUP, TOPIC, UPDATE.bit());
        annotated(RequestCode.GET_CONSUMER_CONNECTION_LIST, CONSUMER_GROUP, null, get);
        annotated(RequestCode.GET_CONSUMER_RUNNING_INFO, CONSUMER_GROUP, null, get);
        readers.put(
                RequestCode.GET_CONSUME_STATS,
                (r, n) -> {
                    groupAndTopic(r, n, CONSUMER_GROUP, TOPIC, get);
                    String list = value(r, TOPIC_LIST);
                    if (list != null) {
                        for (String topic : list.split(";")) {
                            if (!topic.isEmpty()) {
                                n.topicOrRetryGroup(topic, get);
                            }
                        }
                    }
                });
    }

    private void topicCodes() {
        int get = GET.bit();
        annotated(RequestCode.UPDATE_AND_CREATE_TOPIC, null, TOPIC, CREATE.bit());
        annotated(RequestCode.DELETE_TOPIC_IN_BROKER, null, TOPIC, DELETE.bit());
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
            annotated(code, null, TOPIC, get);
        }
    }

    /** Codes on the broker as a whole: the {@code Cluster} resource. */
    private void clusterCodes(String clusterName) {
        int get = GET.bit();
        int update = UPDATE.bit();
        cluster(RequestCode.GET_PRODUCER_CONNECTION_LIST, clusterName, get);
        cluster(RequestCode.UPDATE_BROKER_CONFIG, clusterName, update);
        for (int code :
                new int[] {
                    RequestCode.GET_ALL_PRODUCER_INFO,
                    RequestCode.GET_BROKER_CONSUME_STATS,
                    RequestCode.VIEW_BROKER_STATS_DATA
                }) {
            cluster(code, clusterName, get);
        }
        for (int code :
                new int[] {
                    RequestCode.UPDATE_AND_CREATE_TOPIC_LIST,
                    RequestCode.CLEAN_UNUSED_TOPIC,
                    RequestCode.CLEAN_EXPIRED_CONSUMEQUEUE,
                    RequestCode.DELETE_EXPIRED_COMMITLOG
                }) {
            cluster(
                    code,
                    clusterName,
                    update); // stricter than the reference: see the class comment
        }
    }

    /** The operations codes whose headers the reference annotates. */
    private void operationCodes(int get) {
        annotated(RequestCode.CONSUME_MESSAGE_DIRECTLY, CONSUMER_GROUP, TOPIC, SUB.bit());
        annotated(RequestCode.INVOKE_BROKER_TO_GET_CONSUMER_STATUS, GROUP, TOPIC, get);
        annotated(RequestCode.QUERY_CONSUME_TIME_SPAN, GROUP, TOPIC, get);
        annotated(RequestCode.QUERY_CONSUME_QUEUE, CONSUMER_GROUP, TOPIC, get);
        annotated(RequestCode.CLONE_GROUP_OFFSET, DEST_GROUP, TOPIC, UPDATE.bit());
        annotated(RequestCode.QUERY_TOPICS_BY_CONSUMER, GROUP, null, get);
        annotated(RequestCode.QUERY_SUBSCRIPTION_BY_CONSUMER, GROUP, TOPIC, get);
    }

    private void offsets(int code, int bits) {
        readers.put(
                code,
                (r, n) -> {
                    n.topicUnlessRetry(value(r, TOPIC), bits);
                    n.group(value(r, CONSUMER_GROUP), bits);
                });
    }

    /** A header the reference annotates: its group field, then its topic field, when present. */
    private void annotated(int code, byte[] groupKey, byte[] topicKey, int bits) {
        readers.put(code, (r, n) -> groupAndTopic(r, n, groupKey, topicKey, bits));
    }

    private static void groupAndTopic(
            RemotingCommand r, Needs n, byte[] groupKey, byte[] topicKey, int bits) {
        String group = groupKey == null ? null : value(r, groupKey);
        if (group != null) {
            n.group(group, bits);
        }
        String topic = topicKey == null ? null : value(r, topicKey);
        if (topic != null) {
            n.topicOrRetryGroup(topic, bits);
        }
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
