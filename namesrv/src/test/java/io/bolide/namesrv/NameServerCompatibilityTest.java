package io.bolide.namesrv;

import static io.bolide.namesrv.ApacheCallers.register;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bolide.testsupport.Await;
import io.bolide.testsupport.ClientVersionDependent;
import io.bolide.testsupport.LeakCheck;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.rocketmq.broker.out.BrokerOuterAPI;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.impl.MQClientAPIImpl;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.common.UtilAll;
import org.apache.rocketmq.remoting.netty.NettyClientConfig;
import org.apache.rocketmq.remoting.netty.NettyRemotingClient;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.apache.rocketmq.remoting.protocol.SerializeType;
import org.apache.rocketmq.remoting.protocol.body.ClusterInfo;
import org.apache.rocketmq.remoting.protocol.body.TopicConfigSerializeWrapper;
import org.apache.rocketmq.remoting.protocol.body.TopicList;
import org.apache.rocketmq.remoting.protocol.header.namesrv.BrokerHeartbeatRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.namesrv.RegisterBrokerRequestHeader;
import org.apache.rocketmq.remoting.protocol.namesrv.RegisterBrokerResult;
import org.apache.rocketmq.remoting.protocol.route.BrokerData;
import org.apache.rocketmq.remoting.protocol.route.QueueData;
import org.apache.rocketmq.remoting.protocol.route.TopicRouteData;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Bolide's name server against the official 5.4.0 code: Apache's broker-side API registers,
 * heartbeats and unregisters; Apache's client API reads routes, cluster info, topic lists and KV
 * settings back. Every test runs with JSON and with ROCKETMQ headers.
 */
@ExtendWith(LeakCheck.class)
@ClientVersionDependent
class NameServerCompatibilityTest {

    private static final long TIMEOUT = 10_000;
    private static final String CLUSTER = ApacheCallers.CLUSTER;
    private static final String MASTER = "127.0.0.1:10911";
    private static final String SLAVE = "127.0.0.1:10921";
    private static final Duration WAIT = Duration.ofSeconds(10);

    // The reference's remoting clients take seconds to shut down: one of each per serialization,
    // pointed at each test's fresh name server.
    private static final Map<SerializeType, BrokerOuterAPI> BROKERS =
            new EnumMap<>(SerializeType.class);
    private static final Map<SerializeType, MQClientAPIImpl> CLIENTS =
            new EnumMap<>(SerializeType.class);
    private static NettyRemotingClient remoting;

    private final AtomicLong clock = new AtomicLong(1_000_000);
    private NameServer nameServer;
    private String address;

    @BeforeEach
    void start() throws InterruptedException {
        ApacheCallers.init();
        nameServer =
                NameServer.start(
                        NameServerConfig.builder()
                                .bindAddress("127.0.0.1")
                                .listenPort(0)
                                .scanIntervalMillis(5)
                                .build(),
                        clock::get);
        address = "127.0.0.1:" + nameServer.port();
    }

    @AfterEach
    void stop() {
        nameServer.close();
    }

    @AfterAll
    static void shutdownApache() {
        BROKERS.values().forEach(BrokerOuterAPI::shutdown);
        CLIENTS.values().forEach(MQClientAPIImpl::shutdown);
        if (remoting != null) {
            remoting.shutdown();
        }
    }

    private BrokerOuterAPI broker(SerializeType type) {
        BrokerOuterAPI broker =
                BROKERS.computeIfAbsent(type, t -> ApacheCallers.broker(address, t));
        broker.updateNameServerAddressList(address);
        awaitAvailable(broker);
        return broker;
    }

    /** The broker registers only with name servers its background scan has found reachable. */
    private void awaitAvailable(BrokerOuterAPI broker) {
        Await.until(
                WAIT,
                () -> broker.getRemotingClient().getAvailableNameSrvList().contains(address),
                "the broker to see the name server");
    }

    private MQClientAPIImpl client(SerializeType type) {
        MQClientAPIImpl client =
                CLIENTS.computeIfAbsent(type, t -> ApacheCallers.client(address, t));
        client.updateNameServerAddressList(address);
        return client;
    }

    private static TopicConfig topic(String name, int queues, int perm) {
        return new TopicConfig(name, queues, queues, perm);
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldServeRouteOfTopicRegisteredByApacheBroker(SerializeType type) throws Exception {
        List<RegisterBrokerResult> results =
                register(
                        broker(type),
                        MASTER,
                        0,
                        ApacheCallers.topics(1, topic("TopicTest", 4, 6), topic("TBW102", 8, 7)),
                        false);
        assertThat(results).hasSize(1);

        TopicRouteData route = client(type).getTopicRouteInfoFromNameServer("TopicTest", TIMEOUT);

        assertThat(route.getQueueDatas()).hasSize(1);
        QueueData queues = route.getQueueDatas().get(0);
        assertThat(queues.getBrokerName()).isEqualTo("broker-a");
        assertThat(queues.getReadQueueNums()).isEqualTo(4);
        assertThat(queues.getWriteQueueNums()).isEqualTo(4);
        assertThat(queues.getPerm()).isEqualTo(6);
        assertThat(route.getBrokerDatas()).hasSize(1);
        BrokerData broker = route.getBrokerDatas().get(0);
        assertThat(broker.getCluster()).isEqualTo(CLUSTER);
        assertThat(broker.getBrokerName()).isEqualTo("broker-a");
        assertThat(broker.getBrokerAddrs()).containsExactly(Map.entry(0L, MASTER));
        assertThat(broker.selectBrokerAddr()).isEqualTo(MASTER);
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldAnswerUnknownTopicWithTopicNotExist(SerializeType type) {
        MQClientAPIImpl client = client(type);

        assertThatThrownBy(() -> client.getTopicRouteInfoFromNameServer("NoSuchTopic", TIMEOUT))
                .isInstanceOfSatisfying(
                        MQClientException.class,
                        e -> {
                            assertThat(e.getResponseCode()).isEqualTo(ResponseCode.TOPIC_NOT_EXIST);
                            assertThat(e.getErrorMessage())
                                    .startsWith(
                                            "No topic route info in name server for the topic:"
                                                    + " NoSuchTopic");
                        });
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldRegisterCompressedTopicTable(SerializeType type) throws Exception {
        register(broker(type), MASTER, 0, ApacheCallers.first(1, topic("Zipped", 3, 6)), true);

        TopicRouteData route = client(type).getTopicRouteInfoFromNameServer("Zipped", TIMEOUT);

        assertThat(route.getQueueDatas().get(0).getReadQueueNums()).isEqualTo(3);
        assertThat(route.getQueueDatas().get(0).getPerm()).isEqualTo(6);
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldTellSlaveItsMasterAndListBothInTheRoute(SerializeType type) throws Exception {
        BrokerOuterAPI broker = broker(type);
        register(broker, MASTER, 0, ApacheCallers.first(1, topic("TopicTest", 4, 6)), false);

        List<RegisterBrokerResult> results =
                register(broker, SLAVE, 1, ApacheCallers.first(1, topic("TopicTest", 4, 6)), false);

        assertThat(results.get(0).getMasterAddr()).isEqualTo(MASTER);
        assertThat(results.get(0).getHaServerAddr()).isEqualTo("127.0.0.1:11911");
        TopicRouteData route = client(type).getTopicRouteInfoFromNameServer("TopicTest", TIMEOUT);
        assertThat(route.getBrokerDatas().get(0).getBrokerAddrs())
                .containsEntry(0L, MASTER)
                .containsEntry(1L, SLAVE);
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldListClustersAndTopics(SerializeType type) throws Exception {
        register(
                broker(type),
                MASTER,
                0,
                ApacheCallers.topics(1, topic("TopicTest", 4, 6), topic("Other", 1, 6)),
                false);
        MQClientAPIImpl client = client(type);

        ClusterInfo info = client.getBrokerClusterInfo(TIMEOUT);
        assertThat(info.getClusterAddrTable()).containsOnlyKeys(CLUSTER);
        assertThat(info.getClusterAddrTable().get(CLUSTER)).containsExactly("broker-a");
        assertThat(info.getBrokerAddrTable().get("broker-a").getBrokerAddrs())
                .containsExactly(Map.entry(0L, MASTER));
        assertThat(client.getTopicListFromNameServer(TIMEOUT).getTopicList())
                .containsExactlyInAnyOrder("TopicTest", "Other");
        assertThat(client.getTopicsByCluster(CLUSTER, TIMEOUT).getTopicList())
                .containsExactlyInAnyOrder("TopicTest", "Other");
        // The client's getSystemTopicList goes on to ask the named broker, which is not running:
        // read the name server's answer with the reference's own decoder instead.
        RemotingCommand system =
                call(
                        type,
                        RemotingCommand.createRequestCommand(
                                RequestCode.GET_SYSTEM_TOPIC_LIST_FROM_NS, null));
        TopicList systemTopics = TopicList.decode(system.getBody(), TopicList.class);
        assertThat(systemTopics.getTopicList()).containsExactlyInAnyOrder(CLUSTER, "broker-a");
        assertThat(systemTopics.getBrokerAddr()).isEqualTo(MASTER);
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldRemoveRoutesWhenApacheBrokerUnregisters(SerializeType type) throws Exception {
        BrokerOuterAPI broker = broker(type);
        register(broker, MASTER, 0, ApacheCallers.first(1, topic("TopicTest", 4, 6)), false);
        MQClientAPIImpl client = client(type);
        assertThat(client.getTopicRouteInfoFromNameServer("TopicTest", TIMEOUT)).isNotNull();

        broker.unregisterBrokerAll(CLUSTER, MASTER, "broker-a", 0);

        assertThatThrownBy(() -> client.getTopicRouteInfoFromNameServer("TopicTest", TIMEOUT))
                .isInstanceOfSatisfying(
                        MQClientException.class,
                        e ->
                                assertThat(e.getResponseCode())
                                        .isEqualTo(ResponseCode.TOPIC_NOT_EXIST));
        assertThat(client.getBrokerClusterInfo(TIMEOUT).getBrokerAddrTable()).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldSayWhetherRegistrationIsNeeded(SerializeType type) {
        BrokerOuterAPI broker = broker(type);
        TopicConfigSerializeWrapper v1 = ApacheCallers.first(1, topic("TopicTest", 4, 6));
        assertThat(broker.needRegister(CLUSTER, MASTER, "broker-a", 0, v1, (int) TIMEOUT, false))
                .containsExactly(true);

        register(broker, MASTER, 0, v1, false);

        // the reference reports only name servers whose version differs
        assertThat(broker.needRegister(CLUSTER, MASTER, "broker-a", 0, v1, (int) TIMEOUT, false))
                .isEmpty();
        TopicConfigSerializeWrapper v2 = ApacheCallers.first(2, topic("TopicTest", 4, 6));
        assertThat(broker.needRegister(CLUSTER, MASTER, "broker-a", 0, v2, (int) TIMEOUT, false))
                .containsExactly(true);
        assertThat(broker.needRegister(CLUSTER, MASTER, "broker-a", 1, v1, (int) TIMEOUT, false))
                .as("same address and table under another id (a promotion)")
                .containsExactly(true);
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldExpireSilentBrokerAndKeepOneThatHeartbeats(SerializeType type) throws Exception {
        BrokerOuterAPI broker = broker(type);
        register(broker, MASTER, 0, ApacheCallers.first(1, topic("Kept", 4, 6)), false);
        // another process (its own connection: expiry closes the silent broker's connection)
        byte[] empty = "{}".getBytes(StandardCharsets.UTF_8);
        call(type, registration("127.0.0.1:10931", 2, empty, UtilAll.crc32(empty)));
        MQClientAPIImpl client = client(type);

        clock.addAndGet(100_000);
        heartbeat(type, MASTER);
        clock.addAndGet(100_000);

        Await.until(
                WAIT,
                () ->
                        nameServer
                                        .routes()
                                        .clusterInfo()
                                        .brokerAddrTable()
                                        .get("broker-a")
                                        .brokerAddrs()
                                        .size()
                                == 1,
                "the silent broker to expire");
        assertThat(client.getTopicRouteInfoFromNameServer("Kept", TIMEOUT)).isNotNull();

        clock.addAndGet(20_001);
        Await.until(WAIT, () -> nameServer.routes().route("Kept") == null, "route removal");
        assertThatThrownBy(() -> client.getTopicRouteInfoFromNameServer("Kept", TIMEOUT))
                .isInstanceOf(MQClientException.class);
    }

    /** Sends BROKER_HEARTBEAT synchronously (the broker's own call is oneway, on a timer). */
    private void heartbeat(SerializeType type, String brokerAddr) throws Exception {
        BrokerHeartbeatRequestHeader header = new BrokerHeartbeatRequestHeader();
        header.setClusterName(CLUSTER);
        header.setBrokerAddr(brokerAddr);
        header.setBrokerName("broker-a");
        call(type, RemotingCommand.createRequestCommand(RequestCode.BROKER_HEARTBEAT, header));
    }

    /** One request through the reference's remoting client; asserts success. */
    private RemotingCommand call(SerializeType type, RemotingCommand request) throws Exception {
        RemotingCommand response = send(type, request);
        assertThat(response.getCode()).isEqualTo(ResponseCode.SUCCESS);
        return response;
    }

    private RemotingCommand send(SerializeType type, RemotingCommand request) throws Exception {
        if (remoting == null) {
            remoting = new NettyRemotingClient(new NettyClientConfig());
            remoting.start();
        }
        request.setSerializeTypeCurrentRPC(type);
        return remoting.invokeSync(address, request, TIMEOUT);
    }

    private static RemotingCommand registration(byte[] body, int crc) {
        return registration(MASTER, 0, body, crc);
    }

    private static RemotingCommand registration(String brokerAddr, long id, byte[] body, int crc) {
        RegisterBrokerRequestHeader header = new RegisterBrokerRequestHeader();
        header.setClusterName(CLUSTER);
        header.setBrokerAddr(brokerAddr);
        header.setBrokerName("broker-a");
        header.setBrokerId(id);
        header.setHaServerAddr(brokerAddr);
        header.setBodyCrc32(crc);
        RemotingCommand request =
                RemotingCommand.createRequestCommand(RequestCode.REGISTER_BROKER, header);
        request.setBody(body);
        return request;
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldRejectBadRegistrationsAndKeepServing(SerializeType type) throws Exception {
        byte[] json = "{\"topicConfigSerializeWrapper\":{}}".getBytes(StandardCharsets.UTF_8);
        byte[] garbage = "{\"topicConfigSerializeWrapper\":[".getBytes(StandardCharsets.UTF_8);

        RemotingCommand crc = send(type, registration(json, UtilAll.crc32(json) ^ 1));
        assertThat(crc.getCode()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(crc.getRemark()).isEqualTo("crc32 not match");
        RemotingCommand malformed = send(type, registration(garbage, 0));
        assertThat(malformed.getCode()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        RemotingCommand zipped = send(type, registration(new byte[] {0x78, 1, 2}, 0));
        assertThat(zipped.getCode()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        RemotingCommand headless =
                send(
                        type,
                        RemotingCommand.createRequestCommand(
                                RequestCode.GET_ROUTEINFO_BY_TOPIC, null));
        assertThat(headless.getCode()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(headless.getRemark()).contains("topic");

        assertThat(nameServer.routes().clusterInfo().brokerAddrTable()).isEmpty();
        call(type, registration(json, UtilAll.crc32(json)));
        assertThat(nameServer.routes().clusterInfo().brokerAddrTable())
                .containsOnlyKeys("broker-a");
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldRemoveBrokerWhenItsConnectionCloses(SerializeType type) throws Exception {
        BrokerOuterAPI broker = ApacheCallers.broker(address, type);
        awaitAvailable(broker);
        register(broker, MASTER, 0, ApacheCallers.first(1, topic("TopicTest", 4, 6)), false);
        assertThat(nameServer.routes().route("TopicTest")).isNotNull();

        broker.shutdown();

        Await.until(WAIT, () -> nameServer.routes().route("TopicTest") == null, "route removal");
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldKeepKvSettingsAndHandOrderConfigToBrokers(SerializeType type) throws Exception {
        MQClientAPIImpl client = client(type);
        assertThatThrownBy(() -> client.getKVConfigValue("ORDER_TOPIC_CONFIG", "T", TIMEOUT))
                .isInstanceOfSatisfying(
                        MQClientException.class,
                        e ->
                                assertThat(e.getResponseCode())
                                        .isEqualTo(ResponseCode.QUERY_NOT_FOUND));

        client.putKVConfigValue("ORDER_TOPIC_CONFIG", "T", "broker-a:4", TIMEOUT);

        assertThat(client.getKVConfigValue("ORDER_TOPIC_CONFIG", "T", TIMEOUT))
                .isEqualTo("broker-a:4");
        assertThat(client.getKVListByNamespace("ORDER_TOPIC_CONFIG", TIMEOUT).getTable())
                .containsExactly(Map.entry("T", "broker-a:4"));
        List<RegisterBrokerResult> results =
                register(broker(type), MASTER, 0, ApacheCallers.topics(1), false);
        assertThat(results.get(0).getKvTable().getTable())
                .containsExactly(Map.entry("T", "broker-a:4"));

        client.deleteKVConfigValue("ORDER_TOPIC_CONFIG", "T", TIMEOUT);
        assertThatThrownBy(() -> client.getKVListByNamespace("ORDER_TOPIC_CONFIG", TIMEOUT))
                .isInstanceOf(MQClientException.class);
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldWipeAndAddWritePermAndDeleteTopics(SerializeType type) throws Exception {
        register(
                broker(type),
                MASTER,
                0,
                ApacheCallers.topics(1, topic("TopicTest", 4, 6), topic("Other", 4, 6)),
                false);
        MQClientAPIImpl client = client(type);

        assertThat(client.wipeWritePermOfBroker(address, "broker-a", TIMEOUT)).isEqualTo(2);
        assertThat(
                        client.getTopicRouteInfoFromNameServer("TopicTest", TIMEOUT)
                                .getQueueDatas()
                                .get(0)
                                .getPerm())
                .isEqualTo(4);
        assertThat(client.addWritePermOfBroker(address, "broker-a", TIMEOUT)).isEqualTo(2);
        assertThat(
                        client.getTopicRouteInfoFromNameServer("TopicTest", TIMEOUT)
                                .getQueueDatas()
                                .get(0)
                                .getPerm())
                .isEqualTo(6);

        client.deleteTopicInNameServer(address, "TopicTest", TIMEOUT);
        client.deleteTopicInNameServer(address, CLUSTER, "Other", TIMEOUT);

        assertThat(client.getTopicListFromNameServer(TIMEOUT).getTopicList()).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldShowAndChangeItsConfigurationLive(SerializeType type) throws Exception {
        MQClientAPIImpl client = client(type);

        Properties before = client.getNameServerConfig(List.of(address), TIMEOUT).get(address);
        assertThat(before.getProperty("listenPort")).isEqualTo("0");
        assertThat(before.getProperty("brokerExpiryMillis")).isEqualTo("120000");

        Properties change = new Properties();
        change.setProperty("brokerExpiryMillis", "30000");
        client.updateNameServerConfig(change, List.of(address), TIMEOUT);

        Properties after = client.getNameServerConfig(List.of(address), TIMEOUT).get(address);
        assertThat(after.getProperty("brokerExpiryMillis")).isEqualTo("30000");
        Properties fixed = new Properties();
        fixed.setProperty("listenPort", "9999");
        assertThatThrownBy(() -> client.updateNameServerConfig(fixed, List.of(address), TIMEOUT))
                .isInstanceOfSatisfying(
                        MQClientException.class,
                        e -> {
                            assertThat(e.getResponseCode()).isEqualTo(ResponseCode.NO_PERMISSION);
                            assertThat(e.getErrorMessage()).contains("listenPort");
                        });
        assertThat(client.getNameServerConfig(List.of(address), TIMEOUT).get(address))
                .containsEntry("listenPort", "0");
    }
}
