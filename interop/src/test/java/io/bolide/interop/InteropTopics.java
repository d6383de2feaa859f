package io.bolide.interop;

import io.bolide.embedded.EmbeddedBolide;
import io.bolide.testsupport.Await;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.apache.rocketmq.remoting.CommandCustomHeader;
import org.apache.rocketmq.remoting.protocol.RemotingSerializable;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.header.CreateTopicRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.namesrv.GetRouteInfoRequestHeader;
import org.apache.rocketmq.remoting.protocol.subscription.SubscriptionGroupConfig;

/**
 * The topics {@link GrpcScenarios} use, created on a Bolide over remoting (as mqadmin would) with
 * their {@code message.type}: a gRPC endpoint checks a send against the topic's type.
 */
final class InteropTopics {
    static final Map<String, String> TYPES =
            Map.of(
                    "PxNormal", "NORMAL",
                    "PxInvisible", "NORMAL",
                    "PxPush", "NORMAL",
                    "PxFifo", "FIFO",
                    "PxDelay", "DELAY",
                    "PxTx", "TRANSACTION",
                    "PxPython", "NORMAL",
                    "PxPythonTls", "NORMAL");

    private InteropTopics() {}

    /** Creates every topic on {@code bolide} and waits until the name server routes each. */
    static void create(EmbeddedBolide bolide, Duration wait) throws Exception {
        try (Wire wire = new Wire()) {
            for (Map.Entry<String, String> topic : TYPES.entrySet()) {
                int queues = topic.getValue().equals("TRANSACTION") ? 1 : 2;
                create(
                        wire,
                        bolide.brokerAddress(),
                        topic.getKey(),
                        topic.getValue(),
                        queues,
                        wait);
            }
            // Before a proxy starts: it caches a topic it finds no route for.
            for (String topic : TYPES.keySet()) {
                awaitRoute(wire, bolide.nameServerAddress(), topic, wait);
            }
        }
    }

    /**
     * Creates {@code topic} with {@code queues} read and write queues and {@code message.type}
     * {@code type} on the broker at {@code broker} (Bolide's or Apache's).
     */
    static void create(
            Wire wire, String broker, String topic, String type, int queues, Duration wait) {
        CreateTopicRequestHeader header = new CreateTopicRequestHeader();
        header.setTopic(topic);
        header.setDefaultTopic("TBW102");
        header.setReadQueueNums(queues);
        header.setWriteQueueNums(queues);
        header.setPerm(6);
        header.setTopicFilterType("SINGLE_TAG");
        header.setTopicSysFlag(0);
        header.setOrder(false);
        header.setAttributes("+message.type=" + type);
        succeeds(wire, broker, RequestCode.UPDATE_AND_CREATE_TOPIC, header, null, wait, topic);
    }

    /**
     * Creates the subscription group {@code group} with {@code attributes} (names without the
     * {@code +} the request adds) on the broker at {@code broker}.
     */
    static void createGroup(
            Wire wire, String broker, String group, Map<String, String> attributes, Duration wait) {
        SubscriptionGroupConfig config = new SubscriptionGroupConfig();
        config.setGroupName(group);
        Map<String, String> altered = new HashMap<>();
        attributes.forEach((name, value) -> altered.put("+" + name, value));
        config.setAttributes(altered);
        byte[] body = RemotingSerializable.encode(config);
        succeeds(
                wire,
                broker,
                RequestCode.UPDATE_AND_CREATE_SUBSCRIPTIONGROUP,
                null,
                body,
                wait,
                "group " + group);
    }

    /** Waits until the name server at {@code nameServer} routes {@code topic}. */
    static void awaitRoute(Wire wire, String nameServer, String topic, Duration wait) {
        Await.until(wait, () -> routed(wire, nameServer, topic), "the route of " + topic);
    }

    // Retried: on a loaded host the first call of a cold JVM can outlast the call's timeout.
    private static void succeeds(
            Wire wire,
            String broker,
            int code,
            CommandCustomHeader header,
            byte[] body,
            Duration wait,
            String what) {
        Await.until(
                wait,
                () -> {
                    try {
                        return wire.call(broker, code, header, body).getCode() == 0;
                    } catch (Exception e) {
                        return false;
                    }
                },
                what + " created on " + broker);
    }

    private static boolean routed(Wire wire, String nameServer, String topic) {
        GetRouteInfoRequestHeader header = new GetRouteInfoRequestHeader();
        header.setTopic(topic);
        try {
            return wire.call(nameServer, RequestCode.GET_ROUTEINFO_BY_TOPIC, header, null).getCode()
                    == 0;
        } catch (Exception e) {
            return false;
        }
    }
}
