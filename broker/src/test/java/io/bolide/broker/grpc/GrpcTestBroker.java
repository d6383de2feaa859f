package io.bolide.broker.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.ApacheCalls;
import io.bolide.broker.Broker;
import io.bolide.broker.config.BrokerConfig;
import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.rocketmq.remoting.protocol.RemotingSerializable;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.SerializeType;
import org.apache.rocketmq.remoting.protocol.header.CreateTopicRequestHeader;
import org.apache.rocketmq.remoting.protocol.subscription.SubscriptionGroupConfig;

/**
 * The gRPC endpoint tests' broker: one broker on loopback with its gRPC port open, a plaintext
 * channel to it, and set-up through the remoting port as an operator would do it (Apache's own
 * encoding of UPDATE_AND_CREATE_TOPIC and UPDATE_AND_CREATE_SUBSCRIPTIONGROUP).
 */
final class GrpcTestBroker implements AutoCloseable {
    final Broker broker;
    final ManagedChannel channel;

    private GrpcTestBroker(Broker broker) {
        this.broker = broker;
        this.channel =
                NettyChannelBuilder.forAddress("127.0.0.1", broker.grpcPort())
                        .usePlaintext()
                        .build();
    }

    static GrpcTestBroker start(Path dir) throws IOException {
        return start(dir, Map.of());
    }

    /** As {@link #start(Path)} with {@code extra} broker keys (ACL switches, for instance). */
    static GrpcTestBroker start(Path dir, Map<String, String> extra) throws IOException {
        BrokerConfig.Builder config =
                BrokerConfig.builder()
                        .storePathRootDir(dir)
                        .listenPort(0)
                        .brokerIP1("127.0.0.1")
                        .set("bindAddress", "127.0.0.1")
                        .set("grpcServerPort", "0")
                        .set("mapedFileSizeCommitLog", Integer.toString(16 * 1024 * 1024));
        extra.forEach(config::set);
        Broker broker = Broker.start(config.build());
        assertThat(broker.grpcPort()).isPositive();
        return new GrpcTestBroker(broker);
    }

    /** Creates {@code topic} with one read and one write queue. */
    void createTopic(String topic) throws Exception {
        try (ApacheCalls apache = remoting()) {
            CreateTopicRequestHeader create = new CreateTopicRequestHeader();
            create.setTopic(topic);
            create.setDefaultTopic("TBW102");
            create.setReadQueueNums(1);
            create.setWriteQueueNums(1);
            create.setPerm(6);
            create.setTopicFilterType("SINGLE_TAG");
            create.setTopicSysFlag(0);
            create.setOrder(false);
            assertThat(apache.call(RequestCode.UPDATE_AND_CREATE_TOPIC, create, null).getCode())
                    .isZero();
        }
    }

    /** Creates consumer group {@code group}, FIFO ({@code consumeMessageOrderly}) or not. */
    void createGroup(String group, boolean orderly) throws Exception {
        try (ApacheCalls apache = remoting()) {
            SubscriptionGroupConfig config = new SubscriptionGroupConfig();
            config.setGroupName(group);
            config.setConsumeMessageOrderly(orderly);
            assertThat(
                            apache.call(
                                            RequestCode.UPDATE_AND_CREATE_SUBSCRIPTIONGROUP,
                                            null,
                                            RemotingSerializable.encode(config))
                                    .getCode())
                    .isZero();
        }
    }

    /** A remoting client of the broker speaking Apache's JSON encoding (the caller closes it). */
    ApacheCalls remoting() throws Exception {
        return new ApacheCalls(broker.address(), SerializeType.JSON);
    }

    @Override
    public void close() {
        try {
            channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            broker.close();
        }
    }
}
