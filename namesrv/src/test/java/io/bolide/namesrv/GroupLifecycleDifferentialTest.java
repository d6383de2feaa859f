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
import org.apache.rocketmq.broker.out.BrokerOuterAPI;
import org.apache.rocketmq.common.BrokerIdentity;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.common.namesrv.NamesrvConfig;
import org.apache.rocketmq.namesrv.NamesrvController;
import org.apache.rocketmq.remoting.netty.NettyClientConfig;
import org.apache.rocketmq.remoting.netty.NettyRemotingClient;
import org.apache.rocketmq.remoting.netty.NettyServerConfig;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.SerializeType;
import org.apache.rocketmq.remoting.protocol.header.namesrv.GetRouteInfoRequestHeader;
import org.apache.rocketmq.remoting.protocol.namesrv.RegisterBrokerResult;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A group's life at Apache's 5.4.0 name server and at Bolide's, driven by Apache's broker-side API:
 * a slave alone, its master arriving, the master leaving and returning. After each step both answer
 * the slave's registration and the topic routes alike.
 */
@ExtendWith(LeakCheck.class)
@ClientVersionDependent
class GroupLifecycleDifferentialTest {
    private static final String CLUSTER = "DefaultCluster";
    private static final String MASTER = "127.0.0.1:10911";
    private static final String SLAVE = "127.0.0.1:10921";
    private static final ObjectMapper JSON =
            JsonMapper.builder().enable(JsonReadFeature.ALLOW_UNQUOTED_FIELD_NAMES).build();

    @TempDir Path dir;
    private NamesrvController apache;
    private NameServer bolide;
    private BrokerOuterAPI toApache;
    private BrokerOuterAPI toBolide;
    private NettyRemotingClient client;

    private void start() throws Exception {
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
        bolide =
                NameServer.start(
                        NameServerConfig.builder().bindAddress("127.0.0.1").listenPort(0).build());
        toApache = ApacheCallers.broker(apacheAddress(), SerializeType.JSON);
        toBolide = ApacheCallers.broker(bolideAddress(), SerializeType.JSON);
        client = new NettyRemotingClient(new NettyClientConfig());
        client.start();
        Await.until(
                Duration.ofSeconds(10),
                () ->
                        toApache.getRemotingClient().getAvailableNameSrvList().size() == 1
                                && toBolide.getRemotingClient().getAvailableNameSrvList().size()
                                        == 1,
                "the brokers to see their name servers");
    }

    private String apacheAddress() {
        return "127.0.0.1:" + apache.getRemotingServer().localListenPort();
    }

    private String bolideAddress() {
        return "127.0.0.1:" + bolide.port();
    }

    @AfterEach
    void stop() {
        if (client != null) {
            client.shutdown();
        }
        for (BrokerOuterAPI api : new BrokerOuterAPI[] {toApache, toBolide}) {
            if (api != null) {
                api.shutdown();
            }
        }
        if (bolide != null) {
            bolide.close();
        }
        if (apache != null) {
            apache.shutdown();
        }
    }

    @Test
    void shouldFollowASlaveAloneItsMastersArrivalDepartureAndReturnAsTheReferenceDoes()
            throws Exception {
        start();
        assertSameRegistration(SLAVE, 1, "OnlySlave", "Shared");
        assertSameRoutes("OnlySlave", "Shared");

        assertSameRegistration(MASTER, 0, "Shared", "OnlyMaster");
        assertSameRegistration(SLAVE, 1, "OnlySlave", "Shared");
        assertSameRoutes("OnlySlave", "Shared", "OnlyMaster");

        toApache.unregisterBrokerAll(CLUSTER, MASTER, "broker-a", 0);
        toBolide.unregisterBrokerAll(CLUSTER, MASTER, "broker-a", 0);
        Await.until(
                Duration.ofSeconds(10),
                () -> sameRoute("Shared") && !routeOf(apacheAddress(), "Shared").contains(MASTER),
                "both drop the master");
        assertSameRegistration(SLAVE, 1, "OnlySlave", "Shared");
        assertSameRoutes("OnlySlave", "Shared", "OnlyMaster");

        // A first registration with one topic is refused (taken for an incremental one).
        assertSameRegistration(MASTER, 0, "Shared");
        assertSameRegistration(MASTER, 0, "Shared", "OnlyMaster");
        assertSameRegistration(SLAVE, 1, "OnlySlave", "Shared");
        assertSameRoutes("OnlySlave", "Shared", "OnlyMaster");
    }

    private void assertSameRegistration(String address, long id, String... topics) {
        List<RegisterBrokerResult> expected = register(toApache, address, id, topics);
        List<RegisterBrokerResult> actual = register(toBolide, address, id, topics);
        assertThat(actual).as("accepted").hasSameSizeAs(expected);
        if (!expected.isEmpty()) {
            assertThat(actual.get(0).getMasterAddr())
                    .as("masterAddr")
                    .isEqualTo(expected.get(0).getMasterAddr());
            assertThat(actual.get(0).getHaServerAddr())
                    .as("haServerAddr")
                    .isEqualTo(expected.get(0).getHaServerAddr());
        }
    }

    private static List<RegisterBrokerResult> register(
            BrokerOuterAPI api, String address, long id, String... topics) {
        List<TopicConfig> configs = new ArrayList<>();
        for (String topic : topics) {
            configs.add(new TopicConfig(topic, 4, 4, 6));
        }
        List<RegisterBrokerResult> results =
                api.registerBrokerAll(
                        CLUSTER,
                        address,
                        "broker-a",
                        id,
                        address.replace(":109", ":119"),
                        ApacheCallers.topics(topics.length, configs.toArray(new TopicConfig[0])),
                        List.of(),
                        false,
                        10_000,
                        false,
                        false,
                        null,
                        new BrokerIdentity(CLUSTER, "broker-a", id));
        return results;
    }

    private void assertSameRoutes(String... topics) throws Exception {
        for (String topic : topics) {
            assertThat(tree(routeOf(bolideAddress(), topic)))
                    .as("route of " + topic)
                    .isEqualTo(tree(routeOf(apacheAddress(), topic)));
        }
    }

    private boolean sameRoute(String topic) {
        try {
            return tree(routeOf(bolideAddress(), topic))
                    .equals(tree(routeOf(apacheAddress(), topic)));
        } catch (Exception e) {
            return false;
        }
    }

    /** The answer's code and body, as text. */
    private String routeOf(String address, String topic) {
        GetRouteInfoRequestHeader header = new GetRouteInfoRequestHeader();
        header.setTopic(topic);
        RemotingCommand request =
                RemotingCommand.createRequestCommand(RequestCode.GET_ROUTEINFO_BY_TOPIC, header);
        try {
            RemotingCommand response = client.invokeSync(address, request, 10_000);
            byte[] body = response.getBody();
            return response.getCode() + (body == null ? "" : new String(body));
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /** The code, and the body as a JSON tree with every array sorted. */
    private static JsonNode tree(String answer) throws Exception {
        int bodyStart = answer.indexOf('{');
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("code", bodyStart < 0 ? answer : answer.substring(0, bodyStart));
        if (bodyStart >= 0) {
            node.set("body", sorted(JSON.readTree(answer.substring(bodyStart))));
        }
        return node;
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
}
