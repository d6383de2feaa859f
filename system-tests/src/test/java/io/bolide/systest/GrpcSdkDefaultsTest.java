package io.bolide.systest;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.embedded.EmbeddedBolide;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.apache.rocketmq.client.apis.ClientConfiguration;
import org.apache.rocketmq.client.apis.ClientServiceProvider;
import org.apache.rocketmq.client.apis.consumer.FilterExpression;
import org.apache.rocketmq.client.apis.consumer.FilterExpressionType;
import org.apache.rocketmq.client.apis.consumer.SimpleConsumer;
import org.apache.rocketmq.client.apis.message.MessageView;
import org.apache.rocketmq.client.apis.producer.Producer;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

// Runs once in CI (first pass): the gRPC SDK is the same in both passes.
/**
 * The official Java SDK with its default {@code ClientConfiguration} (only the endpoint set: TLS
 * on, any server certificate accepted) produces and consumes against the embedded broker and
 * against {@code bolide start} in its own JVM, as a new user runs them; a plaintext client of the
 * same SDK does the same on the same port in the same test.
 */
@Tag("client-version-independent")
class GrpcSdkDefaultsTest {
    private static final int COUNT = 5;

    @TempDir Path dir;

    @Test
    void shouldServeTheSdkDefaultsAndPlaintextOnTheEmbeddedBrokersPort() throws Exception {
        try (EmbeddedBolide bolide = EmbeddedBolide.start()) {
            String endpoint = "127.0.0.1:" + bolide.broker().grpcPort();
            roundTrips(bolide.nameServerAddress(), bolide.brokerAddress(), endpoint);
        }
    }

    @Test
    void shouldServeTheSdkDefaultsAndPlaintextOnTheStartCommandsPort() throws Exception {
        try (StartedBolide bolide = StartedBolide.launch(dir)) {
            roundTrips(bolide.nameServer(), bolide.broker(), bolide.grpc());
            assertThat(bolide.output()).contains("gRPC port: made a self-signed certificate");
        }
    }

    private static void roundTrips(String nameServer, String broker, String endpoint)
            throws Exception {
        createTopics(nameServer, broker, "GrpcDefaultsTls", "GrpcDefaultsPlain");
        ClientConfiguration defaults =
                ClientConfiguration.newBuilder().setEndpoints(endpoint).build();
        ClientConfiguration plaintext =
                ClientConfiguration.newBuilder().setEndpoints(endpoint).enableSsl(false).build();
        assertThat(defaults.isSslEnabled()).as("the SDK's default").isTrue();
        assertThat(roundTrip(defaults, "GrpcDefaultsTls")).hasSize(COUNT);
        assertThat(roundTrip(plaintext, "GrpcDefaultsPlain")).hasSize(COUNT);
    }

    /** Sends COUNT messages, then receives and acknowledges them; the bodies received. */
    private static Set<String> roundTrip(ClientConfiguration config, String topic)
            throws Exception {
        ClientServiceProvider provider = ClientServiceProvider.loadService();
        Set<String> sent = new HashSet<>();
        try (Producer producer =
                provider.newProducerBuilder()
                        .setClientConfiguration(config)
                        .setTopics(topic)
                        .build()) {
            for (int i = 0; i < COUNT; i++) {
                String body = topic + "-" + i;
                producer.send(
                        provider.newMessageBuilder()
                                .setTopic(topic)
                                .setTag("TagA")
                                .setBody(body.getBytes(StandardCharsets.UTF_8))
                                .build());
                sent.add(body);
            }
        }
        Set<String> received = new HashSet<>();
        try (SimpleConsumer consumer =
                provider.newSimpleConsumerBuilder()
                        .setClientConfiguration(config)
                        .setConsumerGroup(topic + "-group")
                        .setAwaitDuration(Duration.ofSeconds(2))
                        .setSubscriptionExpressions(
                                Map.of(topic, new FilterExpression("*", FilterExpressionType.TAG)))
                        .build()) {
            long deadline = System.currentTimeMillis() + 30_000;
            while (received.size() < COUNT && System.currentTimeMillis() < deadline) {
                for (MessageView view : consumer.receive(16, Duration.ofSeconds(30))) {
                    received.add(StandardCharsets.UTF_8.decode(view.getBody()).toString());
                    consumer.ack(view);
                }
            }
        }
        assertThat(received).isEqualTo(sent);
        return received;
    }

    private static void createTopics(String nameServer, String broker, String... topics)
            throws Exception {
        DefaultMQAdminExt admin = new DefaultMQAdminExt();
        Clients.configure(admin, nameServer);
        admin.setInstanceName("grpc-defaults-admin-" + System.nanoTime());
        admin.start();
        try {
            for (String topic : topics) {
                admin.createAndUpdateTopicConfig(
                        broker, new org.apache.rocketmq.common.TopicConfig(topic, 4, 4));
            }
        } finally {
            admin.shutdown();
        }
    }
}
