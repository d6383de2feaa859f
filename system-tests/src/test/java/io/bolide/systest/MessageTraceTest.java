package io.bolide.systest;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.admin.Admin;
import io.bolide.embedded.BolideExtension;
import io.bolide.embedded.NameServerAddress;
import io.bolide.testsupport.ClientVersionDependent;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.client.trace.TraceBean;
import org.apache.rocketmq.client.trace.TraceContext;
import org.apache.rocketmq.client.trace.TraceDataEncoder;
import org.apache.rocketmq.client.trace.TraceType;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Message trace with the official client ({@code enableMsgTrace}) against a broker that creates
 * RMQ_SYS_TRACE_TOPIC at start ({@code traceTopicEnable}): the producer's and the consumer's trace
 * dispatchers send their records to it, and they are found by message id as the dashboard finds
 * them (QUERY_MESSAGE, 12, on the trace topic with the message id as key), decoded with the
 * client's own trace decoder; {@code bolide admin message trace} shows the same records.
 */
@ClientVersionDependent
class MessageTraceTest {
    private static final String TRACE_TOPIC = "RMQ_SYS_TRACE_TOPIC";
    private static final String TOPIC = "Traced";
    private static final String PRODUCER_GROUP = "traced-producer";
    private static final String CONSUMER_GROUP = "traced-group";

    @RegisterExtension
    static final BolideExtension BOLIDE =
            new BolideExtension(config -> config.set("traceTopicEnable", "true"));

    @Test
    void shouldStorePublishAndConsumeTracesQueryableByMessageId(
            @NameServerAddress String nameServer) throws Exception {
        DefaultMQAdminExt admin = new DefaultMQAdminExt(5000);
        Clients.configure(admin, nameServer);
        admin.start();
        try {
            assertThat(admin.fetchAllTopicList().getTopicList())
                    .as("created at start")
                    .contains(TRACE_TOPIC);
            SendResult[] sentHolder = new SendResult[1];
            Map<TraceType, List<TraceContext>> traces =
                    produceAndConsume(
                            nameServer,
                            sent -> {
                                sentHolder[0] = sent;
                                return awaitTraces(admin, sent.getMsgId());
                            });
            SendResult sent = sentHolder[0];
            String msgId = sent.getMsgId();
            TraceContext pub = traces.get(TraceType.Pub).get(0);
            assertThat(pub.getGroupName()).isEqualTo(PRODUCER_GROUP);
            assertThat(pub.isSuccess()).isTrue();
            TraceBean published = pub.getTraceBeans().get(0);
            assertThat(published.getTopic()).isEqualTo(TOPIC);
            assertThat(published.getMsgId()).isEqualTo(msgId);
            assertThat(published.getTags()).isEqualTo("TagT");
            assertThat(published.getKeys()).isEqualTo("trace-key");
            assertThat(published.getStoreHost()).isNotBlank();
            assertThat(published.getBodyLength()).isEqualTo(11);

            TraceContext before = traces.get(TraceType.SubBefore).get(0);
            assertThat(before.getGroupName()).isEqualTo(CONSUMER_GROUP);
            assertThat(before.getTraceBeans()).extracting(TraceBean::getMsgId).contains(msgId);
            TraceContext after = traces.get(TraceType.SubAfter).get(0);
            assertThat(after.getGroupName()).isEqualTo(CONSUMER_GROUP);
            assertThat(after.isSuccess()).isTrue();
            assertThat(after.getTraceBeans()).extracting(TraceBean::getMsgId).contains(msgId);

            // bolide admin reads the same records, oldest first (#35).
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            int status =
                    Admin.run(
                            List.of("message", "trace", "-n", nameServer, "-i", msgId),
                            new PrintStream(out, true, StandardCharsets.UTF_8),
                            System.err);
            assertThat(status).isZero();
            List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
            assertThat(lines.get(0)).startsWith("TYPE");
            assertThat(lines.get(1)).startsWith("Pub").contains(PRODUCER_GROUP, "true", TOPIC);
            assertThat(lines)
                    .anyMatch(line -> line.startsWith("SubBefore") && line.contains(CONSUMER_GROUP))
                    .anyMatch(line -> line.startsWith("SubAfter") && line.contains("true"));
        } finally {
            admin.shutdown();
        }
    }

    /**
     * Sends one message with trace on, consumes it with trace on, and runs {@code check} while both
     * clients still run: their trace dispatchers send in the background.
     */
    private static <T> T produceAndConsume(String nameServer, Function<SendResult, T> check)
            throws Exception {
        DefaultMQProducer producer = new DefaultMQProducer(PRODUCER_GROUP, true, null);
        Clients.configure(producer, nameServer);
        producer.setSendMsgTimeout(15_000);
        producer.start();
        try {
            Message message =
                    new Message(
                            TOPIC,
                            "TagT",
                            "trace-key",
                            "traced body".getBytes(StandardCharsets.UTF_8));
            SendResult sent = producer.send(message);
            assertThat(sent.getSendStatus()).isEqualTo(SendStatus.SEND_OK);
            List<MessageExt> received = new ArrayList<>();
            DefaultMQPushConsumer consumer = new DefaultMQPushConsumer(CONSUMER_GROUP, true, null);
            Clients.configure(consumer, nameServer);
            consumer.setConsumeFromWhere(
                    org.apache.rocketmq.common.consumer.ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
            consumer.subscribe(TOPIC, "*");
            consumer.registerMessageListener(
                    (MessageListenerConcurrently)
                            (messages, context) -> {
                                synchronized (received) {
                                    received.addAll(messages);
                                }
                                return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
                            });
            consumer.start();
            try {
                Clients.await(
                        "the traced message is consumed",
                        () -> {
                            synchronized (received) {
                                return received.stream()
                                        .anyMatch(m -> m.getMsgId().equals(sent.getMsgId()));
                            }
                        });
                return check.apply(sent);
            } finally {
                consumer.shutdown();
            }
        } finally {
            producer.shutdown();
        }
    }

    /**
     * The trace records of {@code msgId} by type, once there are publish, before- and after-consume
     * records: each dispatcher sends its records asynchronously, in batches.
     */
    private static Map<TraceType, List<TraceContext>> awaitTraces(
            DefaultMQAdminExt admin, String msgId) {
        List<Map<TraceType, List<TraceContext>>> found = new ArrayList<>(List.of(Map.of()));
        Clients.await(
                "publish and consume traces of " + msgId,
                () -> {
                    found.set(0, traces(admin, msgId));
                    return found.get(0)
                            .keySet()
                            .containsAll(
                                    List.of(
                                            TraceType.Pub,
                                            TraceType.SubBefore,
                                            TraceType.SubAfter));
                });
        return found.get(0);
    }

    /** As the dashboard: every trace message keyed by the id, decoded, the id's records kept. */
    private static Map<TraceType, List<TraceContext>> traces(
            DefaultMQAdminExt admin, String msgId) {
        List<MessageExt> messages;
        try {
            messages =
                    admin.queryMessage(TRACE_TOPIC, msgId, 64, 0, System.currentTimeMillis())
                            .getMessageList();
        } catch (Exception e) {
            return Map.of(); // nothing indexed under the key yet
        }
        return messages.stream()
                .flatMap(
                        m ->
                                TraceDataEncoder.decoderFromTraceDataString(
                                        new String(m.getBody(), StandardCharsets.UTF_8))
                                        .stream())
                .filter(
                        context ->
                                context.getTraceBeans().stream()
                                        .anyMatch(bean -> msgId.equals(bean.getMsgId())))
                .collect(Collectors.groupingBy(TraceContext::getTraceType));
    }
}
