package io.bolide.interop;

import static io.bolide.interop.GrpcClients.PROVIDER;
import static io.bolide.interop.GrpcClients.bodies;
import static io.bolide.interop.GrpcClients.body;
import static io.bolide.interop.GrpcClients.receiveUntil;
import static org.assertj.core.api.Assertions.assertThat;

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
import org.junit.jupiter.api.Test;

/**
 * What the official gRPC SDKs do against a gRPC endpoint in front of Bolide, one scenario list for
 * every endpoint (Apache's proxy, {@link ProxyInteropTest}; Bolide's own, {@link
 * NativeGrpcInteropTest}): the Java SDK 5.2.0's Producer (normal, FIFO, delay, transactional with a
 * checker), SimpleConsumer (receive, ack, changeInvisibleDuration) and PushConsumer, and the Python
 * SDK. Every message must arrive intact (body, tag, keys, properties, message group) and once per
 * successful ack. The topics are {@link InteropTopics#TYPES}.
 */
abstract class GrpcScenarios {
    static final Duration WAIT = Duration.ofSeconds(60);

    /**
     * The long polling (ms) each endpoint hands a push consumer, and the longest a receive waits:
     * Bolide's smallest. A closing push consumer waits out its last receive, which took 20 s at the
     * default and 5 s at the reference proxy's default minimum; {@link #PROXY_LONG_POLLING} lowers
     * that minimum too. Every receive here loops until what it waits for came or its deadline.
     */
    static final long LONG_POLLING_MS = 1_000;

    /** The key of {@link #LONG_POLLING_MS}: the broker's and the reference proxy's name. */
    static final String LONG_POLLING_KEY = "grpcClientConsumerMaxLongPollingTimeoutMillis";

    /**
     * The reference proxy's settings (JSON members) for {@link #LONG_POLLING_MS}: its maximum and
     * its minimum (the proxy refuses a receive shorter than the minimum).
     */
    static final String PROXY_LONG_POLLING =
            "\""
                    + LONG_POLLING_KEY
                    + "\":"
                    + LONG_POLLING_MS
                    + ",\"grpcClientConsumerMinLongPollingTimeoutMillis\":"
                    + LONG_POLLING_MS;

    /** The Java SDK pointed at the endpoint under test. */
    abstract GrpcClients clients();

    /** The endpoint under test, as {@code host:port}. */
    abstract String endpoint();

    @Test
    void shouldDeliverNormalMessagesIntactOnceToASimpleConsumer() throws Exception {
        try (SimpleConsumer consumer = clients().simpleConsumer("px-simple", "PxNormal");
                Producer producer = clients().producer("PxNormal")) {
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
        try (SimpleConsumer consumer = clients().simpleConsumer("px-invisible", "PxInvisible");
                Producer producer = clients().producer("PxInvisible")) {
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
        try (SimpleConsumer consumer = clients().simpleConsumer("px-fifo", "PxFifo");
                Producer producer = clients().producer("PxFifo")) {
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
        try (SimpleConsumer consumer = clients().simpleConsumer("px-delay", "PxDelay");
                Producer producer = clients().producer("PxDelay")) {
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
        try (SimpleConsumer consumer = clients().simpleConsumer("px-tx", "PxTx");
                Producer producer =
                        clients()
                                .transactionalProducer(
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
                                .setClientConfiguration(clients().configuration())
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
                Producer producer = clients().producer("PxPush")) {
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
     * .ci/run} creates) produces and consumes with a SimpleConsumer through the same endpoint.
     */
    @Test
    void shouldCarryThePythonSdk() throws Exception {
        Path python = PythonSdk.interpreter();
        List<String> output = PythonSdk.run(python, endpoint(), "PxPython", "px-python", 5, WAIT);

        for (int i = 0; i < 5; i++) {
            assertThat(output).contains("RECEIVED python-" + i + "|TagPy|py-key-" + i + "|" + i);
        }
        assertThat(output).contains("OK 5");
    }
}
