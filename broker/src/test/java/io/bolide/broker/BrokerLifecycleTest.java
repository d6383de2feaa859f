package io.bolide.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.remoting.RemotingServer;
import io.bolide.remoting.RemotingServerConfig;
import io.bolide.testsupport.Await;
import io.bolide.testsupport.LeakCheck;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import org.apache.rocketmq.common.MQVersion;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.apache.rocketmq.remoting.protocol.SerializeType;
import org.apache.rocketmq.remoting.protocol.body.RegisterBrokerBody;
import org.apache.rocketmq.remoting.protocol.header.UpdateConsumerOffsetRequestHeader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Registration with name servers, graceful shutdown, and what survives a restart. */
@org.junit.jupiter.api.extension.ExtendWith(LeakCheck.class)
class BrokerLifecycleTest {
    @TempDir Path dir;

    /** A stand-in name server recording what brokers send it. */
    static final class RecordingNameServer implements AutoCloseable {
        final RemotingServer server =
                new RemotingServer(RemotingServerConfig.builder().bindAddress("127.0.0.1").build());
        final ConcurrentLinkedQueue<Map<String, String>> registrations =
                new ConcurrentLinkedQueue<>();
        final ConcurrentLinkedQueue<RegisterBrokerBody> bodies = new ConcurrentLinkedQueue<>();
        final ConcurrentLinkedQueue<Map<String, String>> unregistrations =
                new ConcurrentLinkedQueue<>();
        final java.util.concurrent.atomic.AtomicInteger refusals =
                new java.util.concurrent.atomic.AtomicInteger();

        RecordingNameServer() throws Exception {
            server.registerHandler(
                    RequestCode.REGISTER_BROKER,
                    (request, exchange) -> {
                        byte[] body = new byte[request.bodyLength()];
                        request.body().getBytes(request.body().readerIndex(), body);
                        // As the reference's name server reads it: the header says whether the
                        // body is the compressed form.
                        boolean compressed =
                                Boolean.parseBoolean(request.extFieldMap().get("compressed"));
                        // The header first: a test that waits for a body then reads the header.
                        registrations.add(request.extFieldMap());
                        bodies.add(
                                RegisterBrokerBody.decode(
                                        body, compressed, MQVersion.Version.V5_4_0));
                        exchange.respond(refusals.getAndDecrement() > 0 ? 1 : 0, null);
                    });
            server.registerHandler(
                    RequestCode.UNREGISTER_BROKER,
                    (request, exchange) -> {
                        unregistrations.add(request.extFieldMap());
                        exchange.respond(0, null);
                    });
            server.start();
        }

        String address() {
            return "127.0.0.1:" + server.port();
        }

        @Override
        public void close() {
            try {
                server.shutdown(Duration.ofMillis(500));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Test
    void shouldRegisterFullTableThenNewTopicsAndUnregisterOnClose() throws Exception {
        try (RecordingNameServer one = new RecordingNameServer();
                RecordingNameServer two = new RecordingNameServer()) {
            Broker broker =
                    Broker.start(
                            TestBrokers.config(dir)
                                    .namesrvAddr(one.address() + ";" + two.address())
                                    .build());
            Duration wait = Duration.ofSeconds(5);
            Await.until(wait, () -> !one.bodies.isEmpty() && !two.bodies.isEmpty(), "register");
            Map<String, String> header = one.registrations.peek();
            assertThat(header)
                    .containsEntry("brokerName", "broker-a")
                    .containsEntry("clusterName", "DefaultCluster")
                    .containsEntry("brokerAddr", broker.address())
                    .containsEntry("brokerId", "0");
            assertThat(one.bodies.peek().getTopicConfigSerializeWrapper().getTopicConfigTable())
                    .containsKeys("TBW102", "DefaultCluster", "broker-a");
            try (ApacheCalls apache = new ApacheCalls(broker.address(), SerializeType.JSON)) {
                assertThat(apache.sendV2("Fresh", 0, "T", "x").getCode()).isZero();
            }
            Await.until(
                    wait,
                    () ->
                            one.bodies.stream()
                                    .anyMatch(
                                            b ->
                                                    tableOf(b)
                                                            .keySet()
                                                            .equals(java.util.Set.of("Fresh"))),
                    "incremental registration of the new topic");
            broker.close();
            assertThat(one.unregistrations).hasSize(1);
            assertThat(two.unregistrations).hasSize(1);
        }
    }

    /** One lane per name server: an unreachable one delays nobody's registration elsewhere. */
    @Test
    void shouldRegisterWithTheLiveNameServerWhileAnotherIsUnreachable() throws Exception {
        try (RecordingNameServer live = new RecordingNameServer()) {
            long started = System.nanoTime();
            Broker broker =
                    Broker.start(
                            TestBrokers.config(dir)
                                    .namesrvAddr("10.255.255.1:9876;" + live.address())
                                    .build());
            try {
                Await.until(
                        Duration.ofSeconds(5),
                        () -> !live.registrations.isEmpty(),
                        "registration with the live name server");
                assertThat(Duration.ofNanos(System.nanoTime() - started))
                        .isLessThan(Duration.ofMillis(2500));
            } finally {
                broker.close();
            }
        }
    }

    /** The period is at least 10 s; a refused registration must not wait for it. */
    @Test
    void shouldRetryARefusedRegistrationWithinSeconds() throws Exception {
        try (RecordingNameServer nameServer = new RecordingNameServer()) {
            nameServer.refusals.set(1);
            Broker broker =
                    Broker.start(
                            TestBrokers.config(dir)
                                    .namesrvAddr(nameServer.address())
                                    .set("registerNameServerPeriod", "60000")
                                    .build());
            try {
                Await.until(
                        Duration.ofSeconds(8),
                        () -> nameServer.registrations.size() >= 2,
                        "a second registration after the refused first");
            } finally {
                broker.close();
            }
        }
    }

    private static Map<String, ?> tableOf(RegisterBrokerBody body) {
        return body.getTopicConfigSerializeWrapper().getTopicConfigTable();
    }

    @Test
    void shouldKeepMessagesTopicsAndOffsetsAcrossARestart() throws Exception {
        Broker broker = Broker.start(TestBrokers.config(dir).build());
        try (ApacheCalls apache = new ApacheCalls(broker.address(), SerializeType.ROCKETMQ)) {
            assertThat(apache.sendV2("Durable", 1, "T", "kept").getCode()).isZero();
            apache.awaitDispatched("Durable", 1, 1);
            UpdateConsumerOffsetRequestHeader update = new UpdateConsumerOffsetRequestHeader();
            update.setConsumerGroup("g");
            update.setTopic("Durable");
            update.setQueueId(1);
            update.setCommitOffset(1L);
            apache.call(RequestCode.UPDATE_CONSUMER_OFFSET, update, null);
        }
        broker.close();

        Broker again = Broker.start(TestBrokers.config(dir).build());
        try (ApacheCalls apache = new ApacheCalls(again.address(), SerializeType.JSON)) {
            assertThat(again.topicConfig("Durable")).isNotNull();
            RemotingCommand offset = BrokerConsumerTest.query(apache, "g", "Durable", 1);
            assertThat(offset.getExtFields()).containsEntry("offset", "1");
            RemotingCommand pulled = apache.pull("Durable", 1, 0, "*", 0);
            assertThat(ApacheCalls.decode(pulled))
                    .extracting(MessageExt::getBody)
                    .containsExactly("kept".getBytes());
        } finally {
            again.close();
        }
    }

    /**
     * A held pull answered PULL_NOT_FOUND at shutdown would be re-sent at once and be in flight
     * when the connection closes; an error makes the official client wait before it pulls again.
     */
    @Test
    void shouldAnswerHeldAndLaterPullsWithAnErrorWhileShuttingDown() throws Exception {
        Broker broker = Broker.start(TestBrokers.config(dir).build());
        try (ApacheCalls apache = new ApacheCalls(broker.address(), SerializeType.JSON)) {
            assertThat(apache.sendV2("Closing", 0, "T", "only").getCode()).isZero();
            apache.awaitDispatched("Closing", 0, 1);
            CompletableFuture<RemotingCommand> held =
                    CompletableFuture.supplyAsync(() -> pullQuietly(apache, 1, 20_000));
            Await.until(
                    Duration.ofSeconds(5), () -> TestBrokers.heldPulls(broker) > 0, "pull held");
            long start = System.nanoTime();
            broker.close();

            RemotingCommand answer = held.get(10, TimeUnit.SECONDS);
            assertThat(answer.getCode()).isEqualTo(ResponseCode.SERVICE_NOT_AVAILABLE);
            assertThat(answer.getRemark())
                    .isEqualTo("the broker is shutting down; pull again later");
            assertThat(Duration.ofNanos(System.nanoTime() - start))
                    .isLessThan(Duration.ofSeconds(5));
        } finally {
            broker.close();
        }
    }

    private static RemotingCommand pullQuietly(ApacheCalls apache, long offset, long hold) {
        try {
            return apache.pull("Closing", 0, offset, "*", hold);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void shouldDropMembersThatFallSilent() throws Exception {
        Broker broker =
                Broker.start(TestBrokers.config(dir).set("channelExpiredTimeout", "1000").build());
        try (ApacheCalls observer = new ApacheCalls(broker.address(), SerializeType.JSON);
                ApacheCalls silent = new ApacheCalls(broker.address(), SerializeType.ROCKETMQ)) {
            byte[] beat = BrokerConsumerTest.heartbeat("silent", "life", "T", "*");
            assertThat(silent.call(RequestCode.HEART_BEAT, null, beat).getCode()).isZero();
            assertThat(members(observer)).containsExactly("silent");
            Await.until(Duration.ofSeconds(5), () -> members(observer).isEmpty(), "silent expired");
        } finally {
            broker.close();
        }
    }

    private static java.util.List<String> members(ApacheCalls observer) {
        try {
            org.apache.rocketmq.remoting.protocol.header.GetConsumerListByGroupRequestHeader
                    header =
                            new org.apache.rocketmq.remoting.protocol.header
                                    .GetConsumerListByGroupRequestHeader();
            header.setConsumerGroup("life");
            RemotingCommand response =
                    observer.call(RequestCode.GET_CONSUMER_LIST_BY_GROUP, header, null);
            if (response.getCode() != 0) {
                return java.util.List.of();
            }
            return org.apache.rocketmq.remoting.protocol.header.GetConsumerListByGroupResponseBody
                    .decode(
                            response.getBody(),
                            org.apache.rocketmq.remoting.protocol.header
                                    .GetConsumerListByGroupResponseBody.class)
                    .getConsumerIdList();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
