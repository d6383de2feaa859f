package io.bolide.systest;

import static io.bolide.systest.Messages.message;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bolide.broker.Broker;
import io.bolide.broker.config.BrokerConfig;
import io.bolide.broker.config.FlushDiskType;
import io.bolide.namesrv.NameServer;
import io.bolide.namesrv.NameServerConfig;
import io.bolide.testsupport.ClientVersionDependent;
import io.bolide.testsupport.TestCertificates;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.remoting.netty.TlsSystemConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The official client with TLS on ({@code setUseTLS(true)}, what {@code -Dtls.enable=true} sets)
 * against a name server and broker whose ports enforce TLS or accept both, and whose registration
 * with the name server goes over TLS too ({@code useTLS}). Certificates are made at test time.
 */
@ClientVersionDependent
class TlsTest {
    private static final String HOST = "127.0.0.1";

    private static Path dir;
    private static TestCertificates certificates;

    @BeforeAll
    static void certificates() throws IOException {
        dir = Files.createTempDirectory("bolide-systest-tls-");
        certificates = TestCertificates.generate(dir, "server");
    }

    @AfterAll
    static void cleanUp() throws IOException {
        delete(dir);
    }

    /** A name server and a broker whose ports run in {@code mode}, registered over TLS. */
    private static final class Cluster implements AutoCloseable {
        final NameServer nameServer;
        final Broker broker;
        final Path store;

        Cluster(String mode) throws Exception {
            store = Files.createTempDirectory(dir, "store-");
            nameServer =
                    NameServer.start(
                            NameServerConfig.builder()
                                    .bindAddress(HOST)
                                    .listenPort(0)
                                    .set("tls.server.mode", mode)
                                    .set("tls.server.certPath", cert())
                                    .set("tls.server.keyPath", key())
                                    .build());
            BrokerConfig.Builder config =
                    BrokerConfig.builder()
                            .brokerIP1(HOST)
                            .listenPort(0)
                            .flushDiskType(FlushDiskType.ASYNC_FLUSH)
                            .autoCreateTopicEnable(true)
                            .namesrvAddr(nameServerAddress())
                            .storePathRootDir(store)
                            .set("tls.server.mode", mode)
                            .set("tls.server.certPath", cert())
                            .set("tls.server.keyPath", key())
                            // registration over TLS, checking the name server's certificate
                            .set("useTLS", "true")
                            .set("tls.test.mode.enable", "false")
                            .set("tls.client.authServer", "true")
                            .set("tls.client.trustCertPath", cert());
            broker = startBroker(config.build());
        }

        private Broker startBroker(BrokerConfig config) throws Exception {
            Broker started = Broker.start(config);
            try {
                assertThat(nameServer.awaitListed(started.address(), 30_000))
                        .as("registered over TLS")
                        .isTrue();
                return started;
            } catch (AssertionError | RuntimeException e) {
                started.close();
                nameServer.close();
                throw e;
            }
        }

        String nameServerAddress() {
            return HOST + ":" + nameServer.port();
        }

        @Override
        public void close() throws IOException {
            broker.close();
            nameServer.close();
            delete(store);
        }
    }

    private static String cert() {
        return certificates.certificate().toString();
    }

    private static String key() {
        return certificates.privateKey().toString();
    }

    private static DefaultMQProducer producer(String nameServer, String group, boolean tls)
            throws Exception {
        DefaultMQProducer producer = Clients.producer(nameServer, group);
        producer.setUseTLS(tls);
        producer.start();
        return producer;
    }

    private static DefaultMQPushConsumer consumer(
            String nameServer, String group, String topic, Inbox inbox, boolean tls)
            throws Exception {
        DefaultMQPushConsumer consumer = Clients.pushConsumer(nameServer, group);
        consumer.setUseTLS(tls);
        consumer.subscribe(topic, "*");
        consumer.registerMessageListener(inbox);
        consumer.start();
        return consumer;
    }

    @Test
    void shouldServeOfficialTlsClientAndRefusePlainOneWhenEnforcing() throws Exception {
        // The official client checks the server's certificate against ours, not "trust any".
        boolean testMode = TlsSystemConfig.tlsTestModeEnable;
        boolean authServer = TlsSystemConfig.tlsClientAuthServer;
        String trust = TlsSystemConfig.tlsClientTrustCertPath;
        TlsSystemConfig.tlsTestModeEnable = false;
        TlsSystemConfig.tlsClientAuthServer = true;
        TlsSystemConfig.tlsClientTrustCertPath = cert();
        try (Cluster cluster = new Cluster("enforcing")) {
            String nameServer = cluster.nameServerAddress();
            String topic = "TlsEnforced";
            List<String> seqs = Messages.seqs("tls-", 10);
            DefaultMQProducer producer = producer(nameServer, "tls-producer", true);
            try {
                for (String seq : seqs) {
                    assertThat(producer.send(message(topic, "T", seq)).getSendStatus())
                            .isEqualTo(SendStatus.SEND_OK);
                }
                Inbox inbox = new Inbox();
                DefaultMQPushConsumer consumer =
                        consumer(nameServer, "tls-group", topic, inbox, true);
                try {
                    inbox.awaitSeqs(seqs);
                } finally {
                    consumer.shutdown();
                }
                DefaultMQProducer plain = producer(nameServer, "plain-producer", false);
                try {
                    plain.setSendMsgTimeout(3_000);
                    assertThatThrownBy(() -> plain.send(message(topic, "T", "plain")))
                            .isInstanceOf(Exception.class);
                } finally {
                    plain.shutdown();
                }
            } finally {
                producer.shutdown();
            }
        } finally {
            TlsSystemConfig.tlsTestModeEnable = testMode;
            TlsSystemConfig.tlsClientAuthServer = authServer;
            TlsSystemConfig.tlsClientTrustCertPath = trust;
        }
    }

    @Test
    void shouldServeTlsAndPlainClientsOnOnePortWhenPermissive() throws Exception {
        try (Cluster cluster = new Cluster("permissive")) {
            String nameServer = cluster.nameServerAddress();
            String topic = "TlsPermissive";
            DefaultMQProducer tls = producer(nameServer, "permissive-tls-producer", true);
            DefaultMQProducer plain = producer(nameServer, "permissive-plain-producer", false);
            try {
                assertThat(tls.send(message(topic, "T", "over-tls")).getSendStatus())
                        .isEqualTo(SendStatus.SEND_OK);
                assertThat(plain.send(message(topic, "T", "in-clear")).getSendStatus())
                        .isEqualTo(SendStatus.SEND_OK);
                Inbox inbox = new Inbox();
                DefaultMQPushConsumer consumer =
                        consumer(nameServer, "permissive-group", topic, inbox, false);
                try {
                    inbox.awaitSeqs(List.of("over-tls", "in-clear"));
                } finally {
                    consumer.shutdown();
                }
            } finally {
                tls.shutdown();
                plain.shutdown();
            }
        }
    }

    private static void delete(Path root) throws IOException {
        if (root == null || !Files.exists(root)) {
            return;
        }
        try (Stream<Path> files = Files.walk(root)) {
            for (Path path : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }
}
