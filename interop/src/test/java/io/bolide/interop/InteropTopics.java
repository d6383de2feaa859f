package io.bolide.interop;

import io.bolide.embedded.EmbeddedBolide;
import io.bolide.testsupport.Await;
import java.time.Duration;
import java.util.Map;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.header.CreateTopicRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.namesrv.GetRouteInfoRequestHeader;

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
                create(wire, bolide, topic.getKey(), topic.getValue(), wait);
            }
            // Before a proxy starts: it caches a topic it finds no route for.
            for (String topic : TYPES.keySet()) {
                Await.until(wait, () -> routed(wire, bolide, topic), "the route of " + topic);
            }
        }
    }

    private static void create(
            Wire wire, EmbeddedBolide bolide, String topic, String type, Duration wait) {
        CreateTopicRequestHeader header = new CreateTopicRequestHeader();
        header.setTopic(topic);
        header.setDefaultTopic("TBW102");
        header.setReadQueueNums(type.equals("TRANSACTION") ? 1 : 2);
        header.setWriteQueueNums(type.equals("TRANSACTION") ? 1 : 2);
        header.setPerm(6);
        header.setTopicFilterType("SINGLE_TAG");
        header.setTopicSysFlag(0);
        header.setOrder(false);
        header.setAttributes("+message.type=" + type);
        // Retried: on a loaded host the first call of a cold JVM can outlast the call's timeout.
        Await.until(
                wait,
                () -> {
                    try {
                        RemotingCommand answer =
                                wire.call(
                                        bolide.brokerAddress(),
                                        RequestCode.UPDATE_AND_CREATE_TOPIC,
                                        header,
                                        null);
                        return answer.getCode() == 0;
                    } catch (Exception e) {
                        return false;
                    }
                },
                "topic " + topic + " created");
    }

    private static boolean routed(Wire wire, EmbeddedBolide bolide, String topic) {
        GetRouteInfoRequestHeader header = new GetRouteInfoRequestHeader();
        header.setTopic(topic);
        try {
            return wire.call(
                                    bolide.nameServerAddress(),
                                    RequestCode.GET_ROUTEINFO_BY_TOPIC,
                                    header,
                                    null)
                            .getCode()
                    == 0;
        } catch (Exception e) {
            return false;
        }
    }
}
