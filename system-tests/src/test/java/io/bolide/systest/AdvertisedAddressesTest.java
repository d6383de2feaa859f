package io.bolide.systest;

import static io.bolide.systest.Messages.message;
import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.Broker;
import io.bolide.broker.config.BrokerConfig;
import io.bolide.broker.config.FlushDiskType;
import io.bolide.namesrv.NameServer;
import io.bolide.namesrv.NameServerConfig;
import io.bolide.testsupport.ClientVersionDependent;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Per-network advertised addresses: a name server with two named listeners on two loopback
 * addresses (on Linux all of 127.0.0.0/8 is loopback), a broker advertising itself at 127.0.0.1 to
 * the "internal" network and at 127.0.0.2 to the "external" one. The official client asking through
 * each listener routes to that listener's broker address, and sends and consumes there.
 */
@ClientVersionDependent
class AdvertisedAddressesTest {
    private static final String BROKER_NAME = "listeners-broker";

    private static Path store;
    private static NameServer nameServer;
    private static Broker broker;
    private static int brokerPort;

    @BeforeAll
    static void start() throws Exception {
        store = Files.createTempDirectory("bolide-systest-listeners-");
        nameServer =
                NameServer.start(
                        NameServerConfig.builder()
                                .listeners("internal=127.0.0.1:0;external=127.0.0.2:0")
                                .build());
        brokerPort = freePort();
        broker =
                Broker.start(
                        BrokerConfig.builder()
                                .brokerName(BROKER_NAME)
                                .brokerIP1("127.0.0.1")
                                .listenPort(brokerPort)
                                .advertisedAddresses(
                                        "internal=127.0.0.1:"
                                                + brokerPort
                                                + ";external=127.0.0.2:"
                                                + brokerPort)
                                .flushDiskType(FlushDiskType.ASYNC_FLUSH)
                                .autoCreateTopicEnable(true)
                                .namesrvAddr(nameServerAt("internal"))
                                .storePathRootDir(store)
                                .build());
        assertThat(nameServer.awaitListed(broker.address(), 30_000)).isTrue();
    }

    @AfterAll
    static void stop() throws IOException {
        if (broker != null) {
            broker.close();
        }
        if (nameServer != null) {
            nameServer.close();
        }
        try (Stream<Path> files = Files.walk(store)) {
            for (Path path : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }

    /** A port free now; the broker binds it a moment later (all interfaces, as by default). */
    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket()) {
            socket.bind(new InetSocketAddress("0.0.0.0", 0));
            return socket.getLocalPort();
        }
    }

    private static String nameServerAt(String listener) {
        String host = listener.equals("internal") ? "127.0.0.1" : "127.0.0.2";
        return host + ":" + nameServer.port(listener);
    }

    @Test
    void shouldRouteInternalClientsToTheInternalAddress() throws Exception {
        sendAndConsumeThrough("internal", "127.0.0.1:" + brokerPort);
    }

    @Test
    void shouldRouteExternalClientsToTheExternalAddress() throws Exception {
        sendAndConsumeThrough("external", "127.0.0.2:" + brokerPort);
    }

    // the client's route table is reached through its deprecated impl accessors
    @SuppressWarnings("deprecation")
    private static void sendAndConsumeThrough(String listener, String expectedBroker)
            throws Exception {
        String ns = nameServerAt(listener);
        String topic = "Listeners-" + listener;
        List<String> seqs = Messages.seqs(listener + "-", 5);
        DefaultMQProducer producer = Clients.startedProducer(ns, "producer-" + listener);
        try {
            for (String seq : seqs) {
                assertThat(producer.send(message(topic, "T", seq)).getSendStatus())
                        .isEqualTo(SendStatus.SEND_OK);
            }
            assertThat(
                            producer.getDefaultMQProducerImpl()
                                    .getMqClientFactory()
                                    .findBrokerAddressInPublish(BROKER_NAME))
                    .as("the producer's route through the %s listener", listener)
                    .isEqualTo(expectedBroker);
            Inbox inbox = new Inbox();
            DefaultMQPushConsumer consumer = Clients.pushConsumer(ns, "group-" + listener);
            consumer.subscribe(topic, "*");
            consumer.registerMessageListener(inbox);
            consumer.start();
            try {
                inbox.awaitSeqs(seqs);
                assertThat(
                                consumer.getDefaultMQPushConsumerImpl()
                                        .getmQClientFactory()
                                        .findBrokerAddressInSubscribe(BROKER_NAME, 0, true)
                                        .getBrokerAddr())
                        .as("the consumer's route through the %s listener", listener)
                        .isEqualTo(expectedBroker);
            } finally {
                consumer.shutdown();
            }
        } finally {
            producer.shutdown();
        }
    }
}
