package io.bolide.systest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bolide.broker.Broker;
import io.bolide.broker.config.BrokerConfig;
import io.bolide.broker.config.FlushDiskType;
import io.bolide.testsupport.TestCertificates;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.apache.rocketmq.client.apis.ClientConfiguration;
import org.apache.rocketmq.client.apis.ClientException;
import org.apache.rocketmq.client.apis.ClientServiceProvider;
import org.apache.rocketmq.client.apis.SessionCredentials;
import org.apache.rocketmq.client.apis.SessionCredentialsProvider;
import org.apache.rocketmq.client.apis.consumer.FilterExpression;
import org.apache.rocketmq.client.apis.consumer.FilterExpressionType;
import org.apache.rocketmq.client.apis.consumer.SimpleConsumer;
import org.apache.rocketmq.client.apis.message.Message;
import org.apache.rocketmq.client.apis.message.MessageView;
import org.apache.rocketmq.client.apis.producer.Producer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

// Runs once in CI (first pass): the gRPC SDK (rocketmq-client-java 5.2.0) is the same in both
// passes; the remoting client's version does not enter.
/**
 * The official gRPC SDK against a broker whose ports enforce TLS and ACL 2.0: with {@code
 * enableSsl(true)} (the SDK trusts any server certificate) and a user's credentials it sends,
 * receives and acknowledges; a plaintext SDK cannot connect; and the signature is checked on every
 * call, so credentials changed on a running client (the SDK asks its provider on each call) are
 * refused or allowed call by call.
 */
class GrpcSecurityTest {
    private static final String TOPIC = "GrpcSecure";

    private static final String GROUP = "grpc-secure-group";

    @TempDir Path dir;

    @Test
    void shouldServeTheSdkOverTlsWithCredentialsCheckedOnEveryCall() throws Exception {
        try (Broker broker = start()) {
            ClientServiceProvider provider = ClientServiceProvider.loadService();
            Switchable credentials = new Switchable("alice", "alice-secret");
            ClientConfiguration tls = client(broker, true, credentials);
            Set<String> sent = new HashSet<>();
            try (Producer producer =
                    provider.newProducerBuilder()
                            .setClientConfiguration(tls)
                            .setTopics(TOPIC)
                            .build()) {
                for (int i = 0; i < 3; i++) {
                    sent.add(producer.send(message(provider, i)).getMessageId().toString());
                }
                credentials.use("alice", "a-wrong-secret");
                assertThatThrownBy(() -> producer.send(message(provider, 3)))
                        .isInstanceOf(ClientException.class)
                        .hasMessageContaining("check signature failed");
                credentials.use("bob", "bob-secret"); // may consume, not publish
                assertThatThrownBy(() -> producer.send(message(provider, 4)))
                        .isInstanceOf(ClientException.class)
                        .hasMessageContaining("User:bob has no permission to access Topic:");
                credentials.use("alice", "alice-secret"); // the same client, allowed again
                sent.add(producer.send(message(provider, 5)).getMessageId().toString());
            }
            assertThat(receiveAll(provider, tls, sent.size())).isEqualTo(sent);

            ClientConfiguration plaintext = client(broker, false, credentials);
            assertThatThrownBy(
                            () ->
                                    provider.newProducerBuilder()
                                            .setClientConfiguration(plaintext)
                                            .setTopics(TOPIC)
                                            .build())
                    // the SDK fails its start-up: its route query found no HTTP/2 peer
                    .isInstanceOf(IllegalStateException.class)
                    .hasStackTraceContaining("UNAVAILABLE");
        }
    }

    private Set<String> receiveAll(
            ClientServiceProvider provider, ClientConfiguration config, int count)
            throws Exception {
        Set<String> received = new HashSet<>();
        try (SimpleConsumer consumer =
                provider.newSimpleConsumerBuilder()
                        .setClientConfiguration(config)
                        .setConsumerGroup(GROUP)
                        .setAwaitDuration(Duration.ofSeconds(2))
                        .setSubscriptionExpressions(
                                Map.of(TOPIC, new FilterExpression("*", FilterExpressionType.TAG)))
                        .build()) {
            long deadline = System.currentTimeMillis() + 30_000;
            while (received.size() < count && System.currentTimeMillis() < deadline) {
                for (MessageView view : consumer.receive(8, Duration.ofSeconds(60))) {
                    received.add(view.getMessageId().toString());
                    consumer.ack(view);
                }
            }
        }
        return received;
    }

    private Broker start() throws Exception {
        TestCertificates certificates = TestCertificates.generate(dir, "grpc");
        Path store = dir.resolve("store");
        Files.createDirectories(store.resolve("config"));
        Files.writeString(store.resolve("config/auth.json"), users());
        // In the broker's own file: an admin call would need TLS and credentials of its own.
        Files.writeString(
                store.resolve("config/topics.json"),
                ("{\"topicConfigTable\":{\"%1$s\":{\"topicName\":\"%1$s\",\"readQueueNums\":2,"
                                + "\"writeQueueNums\":2,\"perm\":6,\"topicFilterType\":\"SINGLE_TAG\","
                                + "\"topicSysFlag\":0,\"order\":false,\"attributes\":{}}}}")
                        .formatted(TOPIC));
        return Broker.start(
                BrokerConfig.builder()
                        .brokerIP1("127.0.0.1")
                        .listenPort(0)
                        .flushDiskType(FlushDiskType.ASYNC_FLUSH)
                        .storePathRootDir(store)
                        .set("bindAddress", "127.0.0.1")
                        .set("grpcServerPort", "0")
                        .set("tls.server.mode", "enforcing")
                        .set("tls.server.certPath", certificates.certificate().toString())
                        .set("tls.server.keyPath", certificates.privateKey().toString())
                        .set("authenticationEnabled", "true")
                        .set("authorizationEnabled", "true")
                        .build());
    }

    /** alice publishes and consumes the topic as GROUP; bob only consumes. */
    private static String users() {
        return """
                {"users":[
                  {"username":"alice","password":"alice-secret","userType":"Normal","userStatus":"enable"},
                  {"username":"bob","password":"bob-secret","userType":"Normal","userStatus":"enable"}],
                 "acls":[
                  {"subject":"User:alice","policies":[{"policyType":"Custom","entries":[
                    {"resource":"Topic:%1$s","actions":["Pub","Sub"],"sourceIps":[],"decision":"Allow"},
                    {"resource":"Group:%2$s","actions":["Sub"],"sourceIps":[],"decision":"Allow"}]}]},
                  {"subject":"User:bob","policies":[{"policyType":"Custom","entries":[
                    {"resource":"Topic:%1$s","actions":["Sub"],"sourceIps":[],"decision":"Allow"},
                    {"resource":"Group:%2$s","actions":["Sub"],"sourceIps":[],"decision":"Allow"}]}]}]}
                """
                .formatted(TOPIC, GROUP);
    }

    /** A generous timeout: the SDK's first TLS call loads its engine inside it. */
    private static ClientConfiguration client(
            Broker broker, boolean ssl, SessionCredentialsProvider credentials) {
        return ClientConfiguration.newBuilder()
                .setEndpoints("127.0.0.1:" + broker.grpcPort())
                .enableSsl(ssl)
                .setCredentialProvider(credentials)
                .setRequestTimeout(Duration.ofSeconds(30))
                .build();
    }

    private static Message message(ClientServiceProvider provider, int i) {
        return provider.newMessageBuilder()
                .setTopic(TOPIC)
                .setTag("secure")
                .setBody(("secure " + i).getBytes(StandardCharsets.UTF_8))
                .build();
    }

    /** Credentials the test changes while the client runs; the SDK reads them on every call. */
    private static final class Switchable implements SessionCredentialsProvider {
        private volatile SessionCredentials current;

        Switchable(String user, String secret) {
            use(user, secret);
        }

        void use(String user, String secret) {
            current = new SessionCredentials(user, secret);
        }

        @Override
        public SessionCredentials getSessionCredentials() {
            return current;
        }
    }
}
