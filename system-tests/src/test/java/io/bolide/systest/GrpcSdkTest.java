package io.bolide.systest;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.embedded.EmbeddedBolide;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.rocketmq.client.apis.ClientConfiguration;
import org.apache.rocketmq.client.apis.ClientServiceProvider;
import org.apache.rocketmq.client.apis.consumer.FilterExpression;
import org.apache.rocketmq.client.apis.consumer.FilterExpressionType;
import org.apache.rocketmq.client.apis.consumer.SimpleConsumer;
import org.apache.rocketmq.client.apis.message.Message;
import org.apache.rocketmq.client.apis.message.MessageView;
import org.apache.rocketmq.client.apis.producer.Producer;
import org.apache.rocketmq.client.apis.producer.SendReceipt;
import org.apache.rocketmq.remoting.protocol.body.ClusterInfo;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.Test;

// Runs once in CI (first pass): the gRPC SDK (rocketmq-client-java 5.2.0) is the same in both
// passes; the remoting client's version does not enter.
/**
 * The official RocketMQ 5 gRPC SDK (rocketmq-client-java) against Bolide's own gRPC endpoint, no
 * proxy: a Producer sends, a SimpleConsumer receives and acknowledges every message intact exactly
 * once, and the one it leaves unacknowledged comes back after its invisible duration.
 */
class GrpcSdkTest {
    private static final int COUNT = 20;

    /** The unacknowledged message's invisible duration: it must come back after this. */
    private static final Duration SHORT = Duration.ofSeconds(3);

    /** Everything else: long enough that a slow machine acknowledges in time. */
    private static final Duration LONG = Duration.ofSeconds(60);

    @Test
    void shouldSendReceiveAndAcknowledgeThroughTheSdkWithNoProxy() throws Exception {
        String topic = "GrpcSdk";
        String group = "grpc-sdk-group";
        // The endpoint is off by default (grpcServerPort -1); 0 binds any free port.
        try (EmbeddedBolide bolide = EmbeddedBolide.start(c -> c.set("grpcServerPort", "0"))) {
            createTopic(bolide, topic);
            ClientServiceProvider provider = ClientServiceProvider.loadService();
            ClientConfiguration client =
                    ClientConfiguration.newBuilder()
                            .setEndpoints("127.0.0.1:" + bolide.broker().grpcPort())
                            .enableSsl(false)
                            .setRequestTimeout(Duration.ofSeconds(5))
                            .build();
            Map<String, Integer> sent = new ConcurrentHashMap<>();
            try (Producer producer =
                    provider.newProducerBuilder()
                            .setClientConfiguration(client)
                            .setTopics(topic)
                            .build()) {
                for (int i = 0; i < COUNT; i++) {
                    Message message =
                            provider.newMessageBuilder()
                                    .setTopic(topic)
                                    .setTag("Tag-grpc")
                                    .setKeys("key-" + i)
                                    .addProperty("colour", "blue-" + i)
                                    .setBody(("body of " + i).getBytes(StandardCharsets.UTF_8))
                                    .build();
                    SendReceipt receipt = producer.send(message);
                    sent.put(receipt.getMessageId().toString(), i);
                }
            }
            assertThat(sent).hasSize(COUNT);

            Map<String, List<MessageView>> received = new ConcurrentHashMap<>();
            String slowId = null;
            try (SimpleConsumer consumer =
                    provider.newSimpleConsumerBuilder()
                            .setClientConfiguration(client)
                            .setConsumerGroup(group)
                            .setAwaitDuration(Duration.ofSeconds(2))
                            .setSubscriptionExpressions(
                                    Map.of(
                                            topic,
                                            new FilterExpression("*", FilterExpressionType.TAG)))
                            .build()) {
                long deadline = System.currentTimeMillis() + 30_000;
                while (System.currentTimeMillis() < deadline
                        && !(received.size() == COUNT
                                && slowId != null
                                && received.get(slowId).size() == 2)) {
                    boolean first = slowId == null;
                    for (MessageView view : consumer.receive(first ? 1 : 8, first ? SHORT : LONG)) {
                        String id = view.getMessageId().toString();
                        received.computeIfAbsent(id, k -> new ArrayList<>()).add(view);
                        if (first) {
                            slowId = id; // left unacknowledged once: must come back
                            continue;
                        }
                        consumer.ack(view);
                    }
                }
                // Nothing else comes back once everything is acknowledged.
                long quiet = System.currentTimeMillis() + 2 * SHORT.toMillis();
                while (System.currentTimeMillis() < quiet) {
                    for (MessageView view : consumer.receive(8, LONG)) {
                        received.computeIfAbsent(
                                        view.getMessageId().toString(), k -> new ArrayList<>())
                                .add(view);
                        consumer.ack(view);
                    }
                }
            }

            assertThat(received.keySet()).containsExactlyInAnyOrderElementsOf(sent.keySet());
            for (Map.Entry<String, List<MessageView>> e : received.entrySet()) {
                int i = sent.get(e.getKey());
                List<MessageView> deliveries = e.getValue();
                assertThat(deliveries)
                        .as("deliveries of " + i)
                        .hasSize(e.getKey().equals(slowId) ? 2 : 1);
                MessageView view = deliveries.get(0);
                assertThat(view.getTopic()).isEqualTo(topic);
                assertThat(view.getTag()).contains("Tag-grpc");
                assertThat(view.getKeys()).containsExactly("key-" + i);
                assertThat(view.getProperties()).containsEntry("colour", "blue-" + i);
                assertThat(StandardCharsets.UTF_8.decode(view.getBody()).toString())
                        .isEqualTo("body of " + i);
                assertThat(view.getDeliveryAttempt()).isEqualTo(1);
            }
            assertThat(received.get(slowId).get(1).getDeliveryAttempt()).isEqualTo(2);
        }
    }

    @Test
    void shouldReceiveOnlyWhatAnSql92FilterMatchesThroughTheSdk() throws Exception {
        String topic = "GrpcSdkSql";
        try (EmbeddedBolide bolide = EmbeddedBolide.start(c -> c.set("grpcServerPort", "0"))) {
            createTopic(bolide, topic);
            ClientServiceProvider provider = ClientServiceProvider.loadService();
            ClientConfiguration client =
                    ClientConfiguration.newBuilder()
                            .setEndpoints("127.0.0.1:" + bolide.broker().grpcPort())
                            .enableSsl(false)
                            .setRequestTimeout(Duration.ofSeconds(5))
                            .build();
            try (Producer producer =
                    provider.newProducerBuilder()
                            .setClientConfiguration(client)
                            .setTopics(topic)
                            .build()) {
                for (int i = 0; i < 6; i++) {
                    producer.send(
                            provider.newMessageBuilder()
                                    .setTopic(topic)
                                    .addProperty("n", Integer.toString(i))
                                    .setBody(("m" + i).getBytes(StandardCharsets.UTF_8))
                                    .build());
                }
            }
            List<String> bodies = new ArrayList<>();
            try (SimpleConsumer consumer =
                    provider.newSimpleConsumerBuilder()
                            .setClientConfiguration(client)
                            .setConsumerGroup("grpc-sdk-sql")
                            .setAwaitDuration(Duration.ofSeconds(2))
                            .setSubscriptionExpressions(
                                    Map.of(
                                            topic,
                                            new FilterExpression(
                                                    "n >= 4", FilterExpressionType.SQL92)))
                            .build()) {
                long deadline = System.currentTimeMillis() + 30_000;
                while (bodies.size() < 2 && System.currentTimeMillis() < deadline) {
                    for (MessageView view : consumer.receive(8, LONG)) {
                        bodies.add(StandardCharsets.UTF_8.decode(view.getBody()).toString());
                        consumer.ack(view);
                    }
                }
                // Nothing else matches: a last receive finds nothing more.
                assertThat(consumer.receive(8, LONG)).isEmpty();
            }
            assertThat(bodies).containsExactlyInAnyOrder("m4", "m5");
        }
    }

    private static void createTopic(EmbeddedBolide bolide, String topic) throws Exception {
        DefaultMQAdminExt admin = new DefaultMQAdminExt();
        Clients.configure(admin, bolide.nameServerAddress());
        admin.setInstanceName("grpc-admin-" + System.nanoTime());
        admin.start();
        try {
            ClusterInfo cluster = admin.examineBrokerClusterInfo();
            assertThat(cluster.getBrokerAddrTable()).isNotEmpty();
            org.apache.rocketmq.common.TopicConfig config =
                    new org.apache.rocketmq.common.TopicConfig(topic, 4, 4);
            admin.createAndUpdateTopicConfig(bolide.brokerAddress(), config);
        } finally {
            admin.shutdown();
        }
    }
}
