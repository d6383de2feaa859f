package io.bolide.namesrv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bolide.testsupport.Await;
import io.bolide.testsupport.ClientVersionDependent;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.rocketmq.broker.out.BrokerOuterAPI;
import org.apache.rocketmq.client.impl.MQClientAPIImpl;
import org.apache.rocketmq.common.BrokerIdentity;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.remoting.RPCHook;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.SerializeType;
import org.apache.rocketmq.remoting.protocol.route.TopicRouteData;
import org.junit.jupiter.api.Test;

/**
 * A name server with two named listeners on two loopback addresses: a registration naming the
 * broker's address per listener (here Apache's broker-side caller with the field added, as a Bolide
 * broker sends it), and Apache's client asking through each listener for routes and cluster info,
 * each answer carrying that listener's broker address.
 */
@ClientVersionDependent
class NamedListenersTest {
    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final long TIMEOUT = 10_000;
    private static final String BROKER = "127.0.0.1:10911";
    private static final String EXTERNAL_BROKER = "127.0.0.2:10911";

    static {
        ApacheCallers.init();
    }

    @Test
    void shouldAnswerEachListenerWithItsAdvertisedBrokerAddress() throws Exception {
        try (NameServer ns =
                NameServer.start(
                        NameServerConfig.builder()
                                .listeners("internal=127.0.0.1:0;external=127.0.0.2:0")
                                .build())) {
            String internal = "127.0.0.1:" + ns.port("internal");
            String external = "127.0.0.2:" + ns.port("external");
            assertThat(ns.port()).isEqualTo(ns.port("internal"));
            // the broker stays connected: the name server drops brokers whose connection closes
            BrokerOuterAPI broker =
                    register(internal, "internal=" + BROKER + ";external=" + EXTERNAL_BROKER);
            try {
                assertThat(brokerSeenThrough(internal)).isEqualTo(BROKER);
                assertThat(brokerSeenThrough(external)).isEqualTo(EXTERNAL_BROKER);
            } finally {
                broker.shutdown();
            }
        }
    }

    @Test
    void shouldBindNoOtherAddressThanTheListeners() throws Exception {
        try (NameServer ns =
                NameServer.start(
                        NameServerConfig.builder().listeners("only=127.0.0.2:0").build())) {
            MQClientAPIImpl client =
                    ApacheCallers.client("127.0.0.1:" + ns.port(), SerializeType.JSON);
            try {
                assertThatThrownBy(() -> client.getBrokerClusterInfo(2000))
                        .as("127.0.0.1 is not a listener")
                        .isInstanceOf(Exception.class);
            } finally {
                client.shutdown();
            }
        }
    }

    private static BrokerOuterAPI register(String nameServer, String advertised) {
        BrokerOuterAPI broker = ApacheCallers.broker(nameServer, SerializeType.JSON);
        broker.registerRPCHook(advertising(advertised));
        try {
            Await.until(
                    WAIT,
                    () -> broker.getRemotingClient().getAvailableNameSrvList().contains(nameServer),
                    "the broker to see the name server");
            assertThat(
                            broker.registerBrokerAll(
                                    "c1",
                                    BROKER,
                                    "broker-a",
                                    0,
                                    "127.0.0.1:10912",
                                    ApacheCallers.first(1, new TopicConfig("Orders", 4, 4, 6)),
                                    List.of(),
                                    false,
                                    (int) TIMEOUT,
                                    false,
                                    false,
                                    null,
                                    new BrokerIdentity("c1", "broker-a", 0)))
                    .hasSize(1);
            return broker;
        } catch (RuntimeException | AssertionError e) {
            broker.shutdown();
            throw e;
        }
    }

    /** Adds the field a Bolide broker's registration carries. */
    private static RPCHook advertising(String advertised) {
        return new RPCHook() {
            @Override
            public void doBeforeRequest(String remoteAddr, RemotingCommand request) {
                if (request.getCode() == RequestCode.REGISTER_BROKER) {
                    request.addExtField("advertisedAddresses", advertised);
                }
            }

            @Override
            public void doAfterResponse(
                    String remoteAddr, RemotingCommand request, RemotingCommand response) {}
        };
    }

    /** The master address of broker-a in the route of Orders and in the cluster info. */
    private static String brokerSeenThrough(String nameServer) throws Exception {
        MQClientAPIImpl client = ApacheCallers.client(nameServer, SerializeType.ROCKETMQ);
        try {
            TopicRouteData route = client.getTopicRouteInfoFromNameServer("Orders", TIMEOUT);
            Map<Long, String> fromCluster =
                    client.getBrokerClusterInfo(TIMEOUT)
                            .getBrokerAddrTable()
                            .get("broker-a")
                            .getBrokerAddrs();
            String fromRoute = route.getBrokerDatas().get(0).getBrokerAddrs().get(0L);
            assertThat(fromCluster.get(0L)).as("cluster info").isEqualTo(fromRoute);
            return fromRoute;
        } finally {
            client.shutdown();
        }
    }
}
