package io.bolide.namesrv;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bolide.testsupport.Await;
import io.bolide.testsupport.ClientVersionDependent;
import io.bolide.testsupport.LeakCheck;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.rocketmq.broker.out.BrokerOuterAPI;
import org.apache.rocketmq.common.BrokerIdentity;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.common.namesrv.NamesrvConfig;
import org.apache.rocketmq.namesrv.NamesrvController;
import org.apache.rocketmq.remoting.CommandCustomHeader;
import org.apache.rocketmq.remoting.netty.NettyClientConfig;
import org.apache.rocketmq.remoting.netty.NettyRemotingClient;
import org.apache.rocketmq.remoting.netty.NettyServerConfig;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.SerializeType;
import org.apache.rocketmq.remoting.protocol.header.GetTopicsByClusterRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.namesrv.GetKVConfigRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.namesrv.GetRouteInfoRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.namesrv.QueryDataVersionRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.namesrv.WipeWritePermOfBrokerRequestHeader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Apache's own 5.4.0 name server and Bolide's side by side: one Apache broker API registers the
 * same master and slave with both, then the same requests go to both and the answers must match
 * (code, remark, ext fields, and the JSON body as a tree, arrays compared as sets).
 */
@ExtendWith(LeakCheck.class)
@ClientVersionDependent
class NameServerDifferentialTest {
    private static final long TIMEOUT = 10_000;
    private static final String CLUSTER = "DefaultCluster";
    private static final String MASTER = "127.0.0.1:10911";
    private static final String SLAVE = "127.0.0.1:10921";
    private static final ObjectMapper JSON =
            JsonMapper.builder().enable(JsonReadFeature.ALLOW_UNQUOTED_FIELD_NAMES).build();

    @TempDir static Path dir;
    private static NamesrvController apache;
    private static NameServer bolide;
    private static BrokerOuterAPI broker;
    private static NettyRemotingClient client;
    private static String apacheAddress;
    private static String bolideAddress;

    @BeforeAll
    static void start() throws Exception {
        ApacheCallers.init();
        NamesrvConfig config = new NamesrvConfig();
        config.setKvConfigPath(dir.resolve("apache-kv.json").toString());
        config.setConfigStorePath(dir.resolve("apache-namesrv.properties").toString());
        NettyServerConfig server = new NettyServerConfig();
        server.setListenPort(0);
        server.setBindAddress("127.0.0.1");
        apache = new NamesrvController(config, server, new NettyClientConfig());
        assertThat(apache.initialize()).isTrue();
        apache.start();
        apacheAddress = "127.0.0.1:" + apache.getRemotingServer().localListenPort();
        bolide =
                NameServer.start(
                        NameServerConfig.builder().bindAddress("127.0.0.1").listenPort(0).build());
        bolideAddress = "127.0.0.1:" + bolide.port();
        broker = ApacheCallers.broker(apacheAddress + ";" + bolideAddress, SerializeType.JSON);
        Await.until(
                Duration.ofSeconds(10),
                () -> broker.getRemotingClient().getAvailableNameSrvList().size() == 2,
                "the broker to see both name servers");
        register(MASTER, 0);
        register(SLAVE, 1);
        client = new NettyRemotingClient(new NettyClientConfig());
        client.start();
    }

    private static void register(String address, long id) {
        TopicConfig ordered = new TopicConfig("Ordered", 2, 2, 6);
        ordered.setOrder(true);
        assertThat(
                        broker.registerBrokerAll(
                                CLUSTER,
                                address,
                                "broker-a",
                                id,
                                address.replace(":109", ":119"),
                                ApacheCallers.topics(
                                        3,
                                        new TopicConfig("TopicTest", 4, 4, 6),
                                        new TopicConfig("TBW102", 8, 8, 7),
                                        ordered),
                                List.of(),
                                false,
                                (int) TIMEOUT,
                                false,
                                false,
                                null,
                                new BrokerIdentity(CLUSTER, "broker-a", id)))
                .hasSize(2);
    }

    @AfterAll
    static void stop() {
        if (client != null) {
            client.shutdown();
        }
        if (broker != null) {
            broker.shutdown();
        }
        if (bolide != null) {
            bolide.close();
        }
        if (apache != null) {
            apache.shutdown();
        }
    }

    /** Sends the same request to both and compares what comes back. */
    private static void assertSameAnswer(
            SerializeType type, int code, Supplier<CommandCustomHeader> header, byte[] body)
            throws Exception {
        RemotingCommand expected = send(apacheAddress, type, code, header.get(), body);
        RemotingCommand actual = send(bolideAddress, type, code, header.get(), body);

        assertThat(actual.getCode()).as("code").isEqualTo(expected.getCode());
        assertThat(actual.getRemark()).as("remark").isEqualTo(expected.getRemark());
        assertThat(fields(actual)).as("ext fields").isEqualTo(fields(expected));
        assertThat(tree(actual.getBody())).as("body").isEqualTo(tree(expected.getBody()));
    }

    private static RemotingCommand send(
            String address, SerializeType type, int code, CommandCustomHeader header, byte[] body)
            throws Exception {
        RemotingCommand request = RemotingCommand.createRequestCommand(code, header);
        request.setSerializeTypeCurrentRPC(type);
        request.setBody(body);
        RemotingCommand response = client.invokeSync(address, request, TIMEOUT);
        if (response.getExtFields() == null) {
            response.makeCustomHeaderToNet();
        }
        return response;
    }

    private static Map<String, String> fields(RemotingCommand response) {
        return response.getExtFields() == null ? Map.of() : response.getExtFields();
    }

    /** The body as a JSON tree with every array sorted, or null for no body. */
    private static JsonNode tree(byte[] body) throws Exception {
        return body == null ? null : sorted(JSON.readTree(body));
    }

    private static JsonNode sorted(JsonNode node) {
        if (node.isObject()) {
            ObjectNode copy = JsonNodeFactory.instance.objectNode();
            node.properties().forEach(e -> copy.set(e.getKey(), sorted(e.getValue())));
            return copy;
        }
        if (node.isArray()) {
            List<JsonNode> items = new ArrayList<>();
            node.forEach(item -> items.add(sorted(item)));
            items.sort(Comparator.comparing(JsonNode::toString));
            ArrayNode copy = JsonNodeFactory.instance.arrayNode();
            items.forEach(copy::add);
            return copy;
        }
        return node;
    }

    private static Supplier<CommandCustomHeader> route(String topic) {
        return () -> {
            GetRouteInfoRequestHeader header = new GetRouteInfoRequestHeader();
            header.setTopic(topic);
            return header;
        };
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldAnswerRoutesAsTheReferenceDoes(SerializeType type) throws Exception {
        assertSameAnswer(type, RequestCode.GET_ROUTEINFO_BY_TOPIC, route("TopicTest"), null);
        assertSameAnswer(type, RequestCode.GET_ROUTEINFO_BY_TOPIC, route("TBW102"), null);
        assertSameAnswer(type, RequestCode.GET_ROUTEINFO_BY_TOPIC, route("Ordered"), null);
        assertSameAnswer(type, RequestCode.GET_ROUTEINFO_BY_TOPIC, route("NoSuchTopic"), null);
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldListClusterAndTopicsAsTheReferenceDoes(SerializeType type) throws Exception {
        assertSameAnswer(type, RequestCode.GET_BROKER_CLUSTER_INFO, () -> null, null);
        assertSameAnswer(type, RequestCode.GET_ALL_TOPIC_LIST_FROM_NAMESERVER, () -> null, null);
        assertSameAnswer(type, RequestCode.GET_SYSTEM_TOPIC_LIST_FROM_NS, () -> null, null);
        assertSameAnswer(
                type,
                RequestCode.GET_TOPICS_BY_CLUSTER,
                () -> {
                    GetTopicsByClusterRequestHeader header = new GetTopicsByClusterRequestHeader();
                    header.setCluster(CLUSTER);
                    return header;
                },
                null);
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldAnswerDataVersionQueriesAsTheReferenceDoes(SerializeType type) throws Exception {
        for (long counter : new long[] {3, 4}) {
            byte[] version = ApacheCallers.topics(counter).getDataVersion().encode();
            assertSameAnswer(
                    type,
                    RequestCode.QUERY_DATA_VERSION,
                    () -> {
                        QueryDataVersionRequestHeader header = new QueryDataVersionRequestHeader();
                        header.setClusterName(CLUSTER);
                        header.setBrokerAddr(MASTER);
                        header.setBrokerName("broker-a");
                        header.setBrokerId(0L);
                        return header;
                    },
                    version);
        }
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldAnswerMissingKvAndUnknownBrokerAsTheReferenceDoes(SerializeType type)
            throws Exception {
        assertSameAnswer(
                type,
                RequestCode.GET_KV_CONFIG,
                () -> {
                    GetKVConfigRequestHeader header = new GetKVConfigRequestHeader();
                    header.setNamespace("ORDER_TOPIC_CONFIG");
                    header.setKey("TopicTest");
                    return header;
                },
                null);
        assertSameAnswer(
                type,
                RequestCode.WIPE_WRITE_PERM_OF_BROKER,
                () -> {
                    WipeWritePermOfBrokerRequestHeader header =
                            new WipeWritePermOfBrokerRequestHeader();
                    header.setBrokerName("nobody");
                    return header;
                },
                null);
    }
}
