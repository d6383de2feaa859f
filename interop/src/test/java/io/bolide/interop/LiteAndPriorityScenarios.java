package io.bolide.interop;

import static io.bolide.interop.GrpcClients.PROVIDER;
import static io.bolide.interop.GrpcClients.body;
import static io.bolide.interop.GrpcClients.receiveUntil;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bolide.testsupport.Await;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;
import org.apache.rocketmq.client.apis.ClientException;
import org.apache.rocketmq.client.apis.consumer.ConsumeResult;
import org.apache.rocketmq.client.apis.consumer.LitePushConsumer;
import org.apache.rocketmq.client.apis.consumer.SimpleConsumer;
import org.apache.rocketmq.client.apis.message.MessageView;
import org.apache.rocketmq.client.apis.producer.Producer;
import org.apache.rocketmq.client.java.exception.LiteSubscriptionQuotaExceededException;
import org.junit.jupiter.api.Test;

/**
 * What rocketmq-client-java 5.2.0 does with lite topics (RIP-83) and priority messages (RIP-80),
 * one scenario list for two gRPC endpoints: Bolide's own ({@link NativeLiteAndPriorityTest}) and
 * Apache RocketMQ 5.5.0's broker behind its proxy, the oracle ({@link ApacheLiteAndPriorityTest}).
 * Each side creates {@link #createResources the same topics and groups} and caps lite subscriptions
 * at {@link #SUBSCRIPTION_QUOTA} with its broker key {@code maxLiteSubscriptionCount}. Every
 * scenario unsubscribes what it subscribed: the quota counts the whole broker.
 */
abstract class LiteAndPriorityScenarios {
    static final Duration WAIT = Duration.ofSeconds(60);

    /**
     * The long polling (ms) every endpoint under test hands a push consumer: {@link
     * GrpcScenarios#LONG_POLLING_MS}. A closing push consumer waits out its last receive, which
     * took 20 s at the default and 5 s at the reference proxy's default minimum.
     */
    static final long LONG_POLLING_MS = GrpcScenarios.LONG_POLLING_MS;

    /** The proxy settings (JSON members) that set {@link #LONG_POLLING_MS} on Apache's proxy. */
    static final String PROXY_LONG_POLLING = GrpcScenarios.PROXY_LONG_POLLING;

    /** {@code maxLiteSubscriptionCount} on both sides: lite subscriptions one broker keeps. */
    static final int SUBSCRIPTION_QUOTA = 3;

    static final String PARENT = "SdkLiteParent";
    static final String PRIORITY_TOPIC = "SdkPriority";
    static final String LITE_GROUP = "sdk-lite";
    static final String QUOTA_GROUP = "sdk-lite-quota";
    static final String EXCLUSIVE_GROUP = "sdk-lite-exclusive";
    static final String PRIORITY_GROUP = "sdk-priority";

    /** Priorities 0..3, one queue each: the broker puts priority p in queue p. */
    private static final int PRIORITY_QUEUES = 4;

    /** The Java SDK pointed at the endpoint under test. */
    abstract GrpcClients clients();

    /**
     * The LITE parent topic, the PRIORITY topic and the lite consumer groups (bound to the parent
     * with the group attribute {@code lite.bind.topic}, which the reference requires of a lite
     * group), created on {@code broker} and routed by {@code nameServer}.
     */
    static void createResources(String broker, String nameServer) throws Exception {
        try (Wire wire = new Wire()) {
            InteropTopics.create(wire, broker, PARENT, "LITE", 1, WAIT);
            InteropTopics.create(wire, broker, PRIORITY_TOPIC, "PRIORITY", PRIORITY_QUEUES, WAIT);
            for (String group : List.of(LITE_GROUP, QUOTA_GROUP)) {
                InteropTopics.createGroup(
                        wire, broker, group, Map.of("lite.bind.topic", PARENT), WAIT);
            }
            InteropTopics.createGroup(
                    wire,
                    broker,
                    EXCLUSIVE_GROUP,
                    Map.of("lite.bind.topic", PARENT, "lite.sub.model", "Exclusive"),
                    WAIT);
            InteropTopics.awaitRoute(wire, nameServer, PARENT, WAIT);
            InteropTopics.awaitRoute(wire, nameServer, PRIORITY_TOPIC, WAIT);
        }
    }

    @Test
    void shouldDeliverExactlyTheSubscribedLiteTopicsToALitePushConsumer() throws Exception {
        Map<String, List<String>> got = new ConcurrentHashMap<>();
        try (LitePushConsumer consumer =
                        clients()
                                .litePushConsumer(
                                        LITE_GROUP,
                                        PARENT,
                                        view -> {
                                            got.computeIfAbsent(
                                                            view.getLiteTopic().orElse("(none)"),
                                                            k ->
                                                                    Collections.synchronizedList(
                                                                            new ArrayList<>()))
                                                    .add(body(view));
                                            return ConsumeResult.SUCCESS;
                                        });
                Producer producer = clients().producer(PARENT)) {
            consumer.subscribeLite("lite-a");
            consumer.subscribeLite("lite-b");
            try {
                assertThat(consumer.getLiteTopicSet())
                        .containsExactlyInAnyOrder("lite-a", "lite-b");
                for (int i = 0; i < 3; i++) {
                    send(producer, "lite-c", "c-" + i); // nobody subscribed
                    send(producer, "lite-a", "a-" + i);
                    send(producer, "lite-b", "b-" + i);
                }
                await(
                        got,
                        () -> count(got, "lite-a") == 3 && count(got, "lite-b") == 3,
                        "three messages of each subscribed lite topic");

                consumer.unsubscribeLite("lite-b");
                assertThat(consumer.getLiteTopicSet()).containsExactly("lite-a");
                // lite-b's first: had the unsubscription not taken, they would come before a's.
                for (int i = 3; i < 5; i++) {
                    send(producer, "lite-b", "b-" + i);
                }
                for (int i = 3; i < 5; i++) {
                    send(producer, "lite-a", "a-" + i);
                }
                await(got, () -> count(got, "lite-a") == 5, "lite-a's two more messages");

                assertThat(got.get("lite-a"))
                        .containsExactlyInAnyOrder("a-0", "a-1", "a-2", "a-3", "a-4");
                assertThat(got.get("lite-b")).containsExactlyInAnyOrder("b-0", "b-1", "b-2");
                assertThat(got).containsOnlyKeys("lite-a", "lite-b");
            } finally {
                unsubscribeAll(consumer);
            }
        }
    }

    @Test
    void shouldRefuseALiteSubscriptionOverTheBrokersQuota() throws Exception {
        try (LitePushConsumer consumer =
                clients().litePushConsumer(QUOTA_GROUP, PARENT, view -> ConsumeResult.SUCCESS)) {
            try {
                List<String> accepted = new ArrayList<>();
                for (int i = 0; i < SUBSCRIPTION_QUOTA; i++) {
                    consumer.subscribeLite("quota-" + i);
                    accepted.add("quota-" + i);
                }

                assertThatThrownBy(() -> consumer.subscribeLite("quota-over"))
                        .isInstanceOf(LiteSubscriptionQuotaExceededException.class);
                assertThat(consumer.getLiteTopicSet())
                        .containsExactlyInAnyOrderElementsOf(accepted);

                // The refusal changed nothing: one unsubscription makes room for one more.
                consumer.unsubscribeLite("quota-0");
                consumer.subscribeLite("quota-over");
                assertThat(consumer.getLiteTopicSet())
                        .containsExactlyInAnyOrder("quota-1", "quota-2", "quota-over");
            } finally {
                unsubscribeAll(consumer);
            }
        }
    }

    /**
     * In a group consuming exclusively ({@code lite.sub.model=Exclusive}) a lite topic belongs to
     * the consumer that subscribed to it last: the broker drops it from the earlier one and tells
     * it (NotifyUnsubscribeLiteCommand), and only the new owner receives its messages.
     */
    @Test
    void shouldMoveALiteTopicToTheNewestConsumerOfAnExclusiveGroup() throws Exception {
        Map<String, List<String>> got = new ConcurrentHashMap<>();
        try (LitePushConsumer first = recording(EXCLUSIVE_GROUP, "first", got);
                LitePushConsumer second = recording(EXCLUSIVE_GROUP, "second", got);
                Producer producer = clients().producer(PARENT)) {
            try {
                first.subscribeLite("ex-1");
                second.subscribeLite("ex-1");
                Await.until(
                        WAIT,
                        () -> first.getLiteTopicSet().isEmpty(),
                        "the first consumer told that ex-1 is no longer its own");
                assertThat(second.getLiteTopicSet()).containsExactly("ex-1");

                send(producer, "ex-1", "e-0");
                await(got, () -> count(got, "second") == 1, "e-0 at the second consumer");
                assertThat(got).containsOnlyKeys("second");
            } finally {
                unsubscribeAll(first);
                unsubscribeAll(second);
            }
        }
    }

    private LitePushConsumer recording(String group, String name, Map<String, List<String>> got)
            throws ClientException {
        return clients()
                .litePushConsumer(
                        group,
                        PARENT,
                        view -> {
                            got.computeIfAbsent(
                                            name,
                                            k -> Collections.synchronizedList(new ArrayList<>()))
                                    .add(body(view));
                            return ConsumeResult.SUCCESS;
                        });
    }

    /**
     * A backlog sent in mixed priorities comes out of a SimpleConsumer's receives highest priority
     * first, each message carrying its priority; what the reference does is the assertion.
     */
    @Test
    void shouldHandOutAPriorityBacklogHighestPriorityFirst() throws Exception {
        try (SimpleConsumer consumer = clients().simpleConsumer(PRIORITY_GROUP, PRIORITY_TOPIC);
                Producer producer = clients().producer(PRIORITY_TOPIC)) {
            // The group's first receive, on empty queues: it reads from their start afterwards.
            assertThat(consumer.receive(16, Duration.ofSeconds(30))).isEmpty();
            int[] order = {1, 3, 0, 2};
            for (int round = 0; round < 2; round++) {
                for (int priority : order) {
                    producer.send(
                            PROVIDER.newMessageBuilder()
                                    .setTopic(PRIORITY_TOPIC)
                                    .setPriority(priority)
                                    .setBody(bytes("p" + priority + "-" + round))
                                    .build());
                }
            }

            List<MessageView> got =
                    receiveUntil(consumer, Duration.ofSeconds(30), WAIT, r -> r.size() >= 8);
            for (MessageView view : got) {
                consumer.ack(view);
            }

            List<Integer> priorities = new ArrayList<>();
            for (MessageView view : got) {
                int priority = Character.getNumericValue(body(view).charAt(1));
                assertThat(view.getPriority()).contains(priority);
                priorities.add(priority);
            }
            assertThat(priorities).containsExactly(3, 3, 2, 2, 1, 1, 0, 0);
        }
    }

    private static void send(Producer producer, String lite, String body) throws ClientException {
        producer.send(
                PROVIDER.newMessageBuilder()
                        .setTopic(PARENT)
                        .setLiteTopic(lite)
                        .setBody(bytes(body))
                        .build());
    }

    /** {@link Await#until} naming what arrived when it fails. */
    private static void await(
            Map<String, List<String>> got, BooleanSupplier condition, String what) {
        try {
            Await.until(WAIT, condition, what);
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + "; got " + got, e);
        }
    }

    private static int count(Map<String, List<String>> got, String lite) {
        List<String> bodies = got.get(lite);
        return bodies == null ? 0 : bodies.size();
    }

    /** Leaves the broker's lite subscriptions as they were: the quota is the broker's. */
    private static void unsubscribeAll(LitePushConsumer consumer) throws ClientException {
        for (String lite : List.copyOf(consumer.getLiteTopicSet())) {
            consumer.unsubscribeLite(lite);
        }
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
