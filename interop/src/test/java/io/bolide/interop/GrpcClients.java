package io.bolide.interop;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.apache.rocketmq.client.apis.ClientConfiguration;
import org.apache.rocketmq.client.apis.ClientException;
import org.apache.rocketmq.client.apis.ClientServiceProvider;
import org.apache.rocketmq.client.apis.consumer.FilterExpression;
import org.apache.rocketmq.client.apis.consumer.LitePushConsumer;
import org.apache.rocketmq.client.apis.consumer.MessageListener;
import org.apache.rocketmq.client.apis.consumer.SimpleConsumer;
import org.apache.rocketmq.client.apis.message.MessageView;
import org.apache.rocketmq.client.apis.producer.Producer;
import org.apache.rocketmq.client.apis.producer.TransactionChecker;

/** The official gRPC Java SDK (rocketmq-client-java) pointed at one proxy, as the tests use it. */
final class GrpcClients {
    static final ClientServiceProvider PROVIDER = ClientServiceProvider.loadService();

    /** How long a SimpleConsumer's receive may wait on the proxy for messages. */
    private static final Duration AWAIT = Duration.ofSeconds(2);

    private final ClientConfiguration configuration;

    GrpcClients(String endpoint) {
        configuration =
                ClientConfiguration.newBuilder()
                        .setEndpoints(endpoint)
                        .enableSsl(false)
                        .setRequestTimeout(Duration.ofSeconds(15))
                        .build();
    }

    ClientConfiguration configuration() {
        return configuration;
    }

    Producer producer(String topic) throws ClientException {
        return PROVIDER.newProducerBuilder()
                .setClientConfiguration(configuration)
                .setTopics(topic)
                .build();
    }

    Producer transactionalProducer(String topic, TransactionChecker checker)
            throws ClientException {
        return PROVIDER.newProducerBuilder()
                .setClientConfiguration(configuration)
                .setTopics(topic)
                .setTransactionChecker(checker)
                .build();
    }

    SimpleConsumer simpleConsumer(String group, String topic) throws ClientException {
        return PROVIDER.newSimpleConsumerBuilder()
                .setClientConfiguration(configuration)
                .setConsumerGroup(group)
                .setSubscriptionExpressions(Map.of(topic, FilterExpression.SUB_ALL))
                .setAwaitDuration(AWAIT)
                .build();
    }

    /**
     * A lite push consumer (SDK 5.2.0) of {@code group} bound to the LITE parent topic {@code
     * parent}; it reads nothing until it subscribes to lite topics.
     */
    LitePushConsumer litePushConsumer(String group, String parent, MessageListener listener)
            throws ClientException {
        return PROVIDER.newLitePushConsumerBuilder()
                .setClientConfiguration(configuration)
                .setConsumerGroup(group)
                .bindTopic(parent)
                .setMessageListener(listener)
                .build();
    }

    /**
     * Receives (each message invisible for {@code invisible}) until {@code done} holds for what
     * arrived or {@code deadline} passes; returns everything received, in arrival order, unacked.
     */
    static List<MessageView> receiveUntil(
            SimpleConsumer consumer,
            Duration invisible,
            Duration deadline,
            Predicate<List<MessageView>> done)
            throws ClientException {
        List<MessageView> received = new ArrayList<>();
        long end = System.nanoTime() + deadline.toNanos();
        while (!done.test(received) && System.nanoTime() < end) {
            received.addAll(consumer.receive(16, invisible));
        }
        return received;
    }

    static String body(MessageView view) {
        return StandardCharsets.UTF_8.decode(view.getBody().duplicate()).toString();
    }

    static List<String> bodies(List<MessageView> views) {
        return views.stream().map(GrpcClients::body).toList();
    }
}
