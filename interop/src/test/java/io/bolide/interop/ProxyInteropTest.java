package io.bolide.interop;

import static io.bolide.interop.GrpcClients.PROVIDER;
import static io.bolide.interop.GrpcClients.bodies;
import static io.bolide.interop.GrpcClients.body;
import static io.bolide.interop.GrpcClients.receiveUntil;
import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.bolide.embedded.EmbeddedBolide;
import io.bolide.testsupport.Await;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.rocketmq.client.apis.consumer.ConsumeResult;
import org.apache.rocketmq.client.apis.consumer.FilterExpression;
import org.apache.rocketmq.client.apis.consumer.PushConsumer;
import org.apache.rocketmq.client.apis.consumer.SimpleConsumer;
import org.apache.rocketmq.client.apis.message.MessageView;
import org.apache.rocketmq.client.apis.producer.Producer;
import org.apache.rocketmq.client.apis.producer.SendReceipt;
import org.apache.rocketmq.client.apis.producer.Transaction;
import org.apache.rocketmq.client.apis.producer.TransactionResolution;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.header.CreateTopicRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.namesrv.GetRouteInfoRequestHeader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/**
 * The official gRPC Java SDK (rocketmq-client-java 5.0.8) against Bolide through Apache RocketMQ
 * 5.5.0's proxy in CLUSTER mode: the proxy (a child JVM) speaks gRPC to the client and only
 * remoting to Bolide's name server and broker (in this JVM). Every message must arrive intact
 * (body, tag, keys, properties, message group) and once per successful ack; no request the proxy
 * makes may be refused as an unknown code.
 */
class ProxyInteropTest {
    private static final Duration WAIT = Duration.ofSeconds(60);

    /** What each topic is created as: the proxy checks a send against the topic's type. */
    private static final Map<String, String> TOPICS =
            Map.of(
                    "PxNormal", "NORMAL",
                    "PxInvisible", "NORMAL",
                    "PxPush", "NORMAL",
                    "PxFifo", "FIFO",
                    "PxDelay", "DELAY",
                    "PxTx", "TRANSACTION",
                    "PxPython", "NORMAL");

    @TempDir static Path dir;

    private static EmbeddedBolide bolide;
    private static ApacheBroker proxy;
    private static GrpcClients clients;
    private static final ListAppender<ILoggingEvent> REFUSALS = new ListAppender<>();

    @BeforeAll
    static void start() throws Exception {
        Logger dispatcher = (Logger) LoggerFactory.getLogger("io.bolide.remoting.Dispatcher");
        REFUSALS.start();
        dispatcher.addAppender(REFUSALS);
        // Quick transaction checks: the unresolved transaction is checked within seconds.
        bolide =
                EmbeddedBolide.start(
                        config ->
                                config.set("transactionTimeOut", "1000")
                                        .set("transactionCheckInterval", "500"));
        try (Wire wire = new Wire()) {
            for (Map.Entry<String, String> topic : TOPICS.entrySet()) {
                createTopic(wire, topic.getKey(), topic.getValue());
            }
            // Before the proxy starts: it caches a topic it finds no route for.
            for (String topic : TOPICS.keySet()) {
                Await.until(WAIT, () -> routed(wire, topic), "the route of " + topic);
            }
        }
        int grpcPort = ApacheBroker.freePortPair();
        proxy =
                ApacheBroker.proxy(
                        dir.resolve("proxy"),
                        bolide.nameServerAddress(),
                        grpcPort,
                        grpcPort + 1,
                        "\"minInvisibleTimeMillsForRecv\":1000",
                        "\"transactionHeartbeatPeriodSecond\":1",
                        "\"enablePrintJstack\":false");
        clients = new GrpcClients(proxy.address());
    }

    @AfterAll
    static void stop() throws Exception {
        if (proxy != null) {
            proxy.close();
        }
        if (bolide != null) {
            bolide.close();
        }
        ((Logger) LoggerFactory.getLogger("io.bolide.remoting.Dispatcher"))
                .detachAppender(REFUSALS);
        // The proxy needed no code Bolide does not serve.
        assertThat(REFUSALS.list).extracting(ILoggingEvent::getFormattedMessage).isEmpty();
    }

    @Test
    void shouldDeliverNormalMessagesIntactOnceToASimpleConsumer() throws Exception {
        try (SimpleConsumer consumer = clients.simpleConsumer("px-simple", "PxNormal");
                Producer producer = clients.producer("PxNormal")) {
            List<String> ids = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                SendReceipt receipt =
                        producer.send(
                                PROVIDER.newMessageBuilder()
                                        .setTopic("PxNormal")
                                        .setTag("TagA")
                                        .setKeys("key-" + i, "common")
                                        .addProperty("index", String.valueOf(i))
                                        .setBody(("normal-" + i).getBytes(StandardCharsets.UTF_8))
                                        .build());
                ids.add(receipt.getMessageId().toString());
            }

            List<MessageView> got =
                    receiveUntil(consumer, Duration.ofSeconds(30), WAIT, r -> r.size() >= 5);

            assertThat(bodies(got))
                    .containsExactlyInAnyOrder(
                            "normal-0", "normal-1", "normal-2", "normal-3", "normal-4");
            for (MessageView view : got) {
                String index = body(view).substring("normal-".length());
                assertThat(view.getTopic()).isEqualTo("PxNormal");
                assertThat(view.getTag()).contains("TagA");
                assertThat(view.getKeys()).containsExactlyInAnyOrder("key-" + index, "common");
                assertThat(view.getProperties()).containsEntry("index", index);
                assertThat(view.getMessageGroup()).isEmpty();
                assertThat(view.getDeliveryAttempt()).isEqualTo(1);
                assertThat(view.getMessageId().toString())
                        .isEqualTo(ids.get(Integer.parseInt(index)));
                consumer.ack(view);
            }
        }
    }

    @Test
    void shouldRedeliverAfterChangeInvisibleDurationButNeverAnAckedMessage() throws Exception {
        Duration invisible = Duration.ofSeconds(2);
        try (SimpleConsumer consumer = clients.simpleConsumer("px-invisible", "PxInvisible");
                Producer producer = clients.producer("PxInvisible")) {
            for (String body : List.of("acked", "postponed")) {
                producer.send(
                        PROVIDER.newMessageBuilder()
                                .setTopic("PxInvisible")
                                .setBody(body.getBytes(StandardCharsets.UTF_8))
                                .build());
            }
            List<MessageView> first = receiveUntil(consumer, invisible, WAIT, r -> r.size() >= 2);
            assertThat(bodies(first)).containsExactlyInAnyOrder("acked", "postponed");
            long firstReceived = System.nanoTime();
            MessageView postponed = null;
            for (MessageView view : first) {
                if (body(view).equals("acked")) {
                    consumer.ack(view);
                } else {
                    postponed = view;
                    consumer.changeInvisibleDuration(view, Duration.ofSeconds(1));
                }
            }

            List<MessageView> again = receiveUntil(consumer, invisible, WAIT, r -> !r.isEmpty());
            assertThat(bodies(again)).containsExactly("postponed");
            assertThat(again.get(0).getMessageId()).isEqualTo(postponed.getMessageId());
            assertThat(again.get(0).getDeliveryAttempt()).isEqualTo(2);
            consumer.ack(again.get(0));

            // Well past the first invisible time: the acked message never came back.
            Duration left = invisible.multipliedBy(2).minusNanos(System.nanoTime() - firstReceived);
            List<MessageView> extra =
                    left.isNegative()
                            ? List.of()
                            : receiveUntil(consumer, invisible, left, r -> false);
            assertThat(bodies(extra)).isEmpty();
        }
    }

    @Test
    void shouldKeepTheOrderOfEachMessageGroupOnAFifoTopic() throws Exception {
        try (SimpleConsumer consumer = clients.simpleConsumer("px-fifo", "PxFifo");
                Producer producer = clients.producer("PxFifo")) {
            for (int i = 0; i < 6; i++) {
                producer.send(
                        PROVIDER.newMessageBuilder()
                                .setTopic("PxFifo")
                                .setMessageGroup("group-" + (i % 2))
                                .setBody(("fifo-" + i).getBytes(StandardCharsets.UTF_8))
                                .build());
            }

            List<MessageView> got =
                    receiveUntil(consumer, Duration.ofSeconds(30), WAIT, r -> r.size() >= 6);

            assertThat(bodies(got)).hasSize(6);
            for (String group : List.of("group-0", "group-1")) {
                List<String> ofGroup =
                        got.stream()
                                .filter(v -> v.getMessageGroup().orElse("").equals(group))
                                .map(GrpcClients::body)
                                .toList();
                int first = group.endsWith("0") ? 0 : 1;
                assertThat(ofGroup)
                        .containsExactly(
                                "fifo-" + first, "fifo-" + (first + 2), "fifo-" + (first + 4));
            }
            for (MessageView view : got) {
                consumer.ack(view);
            }
        }
    }

    @Test
    void shouldDeliverADelayedMessageNotBeforeItsDeliveryTimestamp() throws Exception {
        try (SimpleConsumer consumer = clients.simpleConsumer("px-delay", "PxDelay");
                Producer producer = clients.producer("PxDelay")) {
            long deliverAt = System.currentTimeMillis() + 2_000;
            producer.send(
                    PROVIDER.newMessageBuilder()
                            .setTopic("PxDelay")
                            .setTag("Later")
                            .setDeliveryTimestamp(deliverAt)
                            .setBody("delayed".getBytes(StandardCharsets.UTF_8))
                            .build());

            List<MessageView> got =
                    receiveUntil(consumer, Duration.ofSeconds(30), WAIT, r -> !r.isEmpty());

            assertThat(System.currentTimeMillis()).isGreaterThanOrEqualTo(deliverAt);
            assertThat(bodies(got)).containsExactly("delayed");
            assertThat(got.get(0).getTag()).contains("Later");
            assertThat(got.get(0).getDeliveryTimestamp()).contains(deliverAt);
            consumer.ack(got.get(0));
        }
    }

    @Test
    void shouldDeliverCommittedAndCheckedTransactionsButNoRolledBackOne() throws Exception {
        Set<String> checked = ConcurrentHashMap.newKeySet();
        try (SimpleConsumer consumer = clients.simpleConsumer("px-tx", "PxTx");
                Producer producer =
                        clients.transactionalProducer(
                                "PxTx",
                                view -> {
                                    checked.add(body(view));
                                    return TransactionResolution.COMMIT;
                                })) {
            for (String body : List.of("rolled-back", "committed", "checked")) {
                Transaction transaction = producer.beginTransaction();
                producer.send(
                        PROVIDER.newMessageBuilder()
                                .setTopic("PxTx")
                                .setKeys(body)
                                .setBody(body.getBytes(StandardCharsets.UTF_8))
                                .build(),
                        transaction);
                if (body.equals("rolled-back")) {
                    transaction.rollback();
                } else if (body.equals("committed")) {
                    transaction.commit();
                }
            }

            List<MessageView> got =
                    receiveUntil(consumer, Duration.ofSeconds(30), WAIT, r -> r.size() >= 2);

            assertThat(bodies(got)).containsExactlyInAnyOrder("committed", "checked");
            assertThat(checked).containsExactly("checked");
            for (MessageView view : got) {
                assertThat(view.getKeys()).containsExactly(body(view));
                consumer.ack(view);
            }
        }
    }

    @Test
    void shouldDeliverEachMessageOnceToAPushConsumer() throws Exception {
        Map<String, AtomicInteger> deliveries = new ConcurrentHashMap<>();
        try (PushConsumer consumer =
                        PROVIDER.newPushConsumerBuilder()
                                .setClientConfiguration(clients.configuration())
                                .setConsumerGroup("px-push")
                                .setSubscriptionExpressions(
                                        Map.of("PxPush", new FilterExpression("TagP")))
                                .setMessageListener(
                                        view -> {
                                            deliveries
                                                    .computeIfAbsent(
                                                            body(view) + "|" + view.getTag().get(),
                                                            k -> new AtomicInteger())
                                                    .incrementAndGet();
                                            return ConsumeResult.SUCCESS;
                                        })
                                .build();
                Producer producer = clients.producer("PxPush")) {
            for (int i = 0; i < 5; i++) {
                producer.send(
                        PROVIDER.newMessageBuilder()
                                .setTopic("PxPush")
                                .setTag(i == 4 ? "Other" : "TagP")
                                .setBody(("push-" + i).getBytes(StandardCharsets.UTF_8))
                                .build());
            }

            Await.until(WAIT, () -> deliveries.size() >= 4, "four messages pushed");

            assertThat(deliveries.keySet())
                    .containsExactlyInAnyOrder(
                            "push-0|TagP", "push-1|TagP", "push-2|TagP", "push-3|TagP");
            assertThat(deliveries.values()).allMatch(count -> count.get() == 1);
            assertThat(consumer.getConsumerGroup()).isEqualTo("px-push");
        }
    }

    /**
     * A second gRPC language: the official Python SDK (rocketmq-python-client, from the venv {@code
     * .ci/run} creates) produces and consumes with a SimpleConsumer through the same proxy.
     */
    @Test
    void shouldCarryThePythonSdkThroughTheProxy() throws Exception {
        Path python = PythonSdk.interpreter();
        List<String> output =
                PythonSdk.run(python, proxy.address(), "PxPython", "px-python", 5, WAIT);

        for (int i = 0; i < 5; i++) {
            assertThat(output).contains("RECEIVED python-" + i + "|TagPy|py-key-" + i + "|" + i);
        }
        assertThat(output).contains("OK 5");
    }

    private static void createTopic(Wire wire, String topic, String type) {
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
                WAIT,
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

    private static boolean routed(Wire wire, String topic) {
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
